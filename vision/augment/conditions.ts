// Named table conditions a photo can be taken under: each one a way a real table defeats a
// reader trained on plain scenes. `plain` is the simulator's everyday scene; the others add one
// hard thing to it. A training mix gives each condition a probability, drawn from the photo's seed.
import type { Rng } from '../random.ts';

export const CONDITIONS = ['plain', 'glare-spill', 'glare-cast', 'patterned-cloth', 'thumb', 'partly-off-frame', 'tilt', 'overlap'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** What each condition puts in the photo, in a line for a person. */
export const CONDITION_WORDS: Record<Condition, string> = {
  plain: 'the everyday scene: one card on felt, wood, a light table or grey cloth',
  'glare-spill': 'a lamp reflection spilling from the card onto the table, clipped to white at its core',
  'glare-cast': 'a glare spot under a strong warm (2000–2700 K) or cool (9000–12000 K) cast, white balance fixed',
  'patterned-cloth': 'gingham, stripes, dots or a floral print on the table, in colours near the cards\' own',
  thumb: 'a thumb or finger over a corner or an edge, covering up to a fifth of the card',
  'partly-off-frame': 'the card partly outside the frame, up to 15 % of its area cut',
  tilt: 'the camera tilted 25–45°: the card a trapezoid',
  overlap: 'two different cards, the upper hiding 20–70 % of the lower (the answer is always several-cards)',
};

/** Whether a string names a condition. */
export function isCondition(name: string): name is Condition {
  return (CONDITIONS as readonly string[]).includes(name);
}

/** The probability of each condition in a training mix; whatever the named ones leave over is `plain`. */
export type ConditionMix = Partial<Record<Condition, number>>;

/** Checks a mix: known names, probabilities in [0, 1] adding up to at most 1; throws a RangeError saying what is wrong. */
export function checkMix(mix: ConditionMix): ConditionMix {
  if (mix === null || typeof mix !== 'object' || Array.isArray(mix)) throw new RangeError('a condition mix is an object of condition → probability');
  let sum = 0;
  for (const [name, p] of Object.entries(mix)) {
    if (!isCondition(name)) throw new RangeError(`"${name}" is not a table condition (${CONDITIONS.join(', ')})`);
    if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 1) throw new RangeError(`the probability of ${name} must be a number in [0, 1], not ${String(p)}`);
    sum += p;
  }
  if (sum > 1 + 1e-9) throw new RangeError(`the probabilities of a condition mix add up to ${sum.toFixed(3)}, more than 1`);
  return mix;
}

/** Draws one condition from a mix with a single draw of the photo's generator. */
export function drawCondition(mix: ConditionMix, rng: Rng): Condition {
  const u = rng.next();
  let acc = 0;
  for (const name of CONDITIONS) {
    if (name === 'plain') continue;
    acc += mix[name] ?? 0;
    if (u < acc) return name;
  }
  return 'plain';
}

/** Parses a mix written as `thumb=0.1,tilt=0.1` (a command-line flag); throws a RangeError for a bad one. */
export function parseMix(text: string): ConditionMix {
  const mix: ConditionMix = {};
  for (const part of text.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
    const [name, value, extra] = part.split('=');
    if (name === undefined || value === undefined || extra !== undefined) throw new RangeError(`"${part}" is not condition=probability`);
    if (!isCondition(name.trim())) throw new RangeError(`"${name.trim()}" is not a table condition (${CONDITIONS.join(', ')})`);
    const p = Number(value);
    if (value.trim() === '' || !Number.isFinite(p)) throw new RangeError(`"${value}" is not a probability`);
    mix[name.trim() as Condition] = p;
  }
  return checkMix(mix);
}
