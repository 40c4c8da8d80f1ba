// Which commands of a game still stand once undo and corrections are applied: undo takes back the
// last step (a command or a correction), a correction replaces a command's card and removes the
// later commands it made impossible. The session and the dashboard's correction list share it.

/** What undo can take back: a game command, or the correction of an earlier one. */
export type Step<C> =
  | { kind: 'command'; seq: number; command: C }
  | { kind: 'correction'; seq: number; target: number; card: string; invalidated: number[] };

/** A command of the effective game, with the sequence number it was accepted under. */
export interface Standing<C> {
  seq: number;
  command: C;
}

/** The effective command list that a stack of steps stands for. */
export function effectiveOf<C extends object>(steps: ReadonlyArray<Step<C>>): Array<Standing<C>> {
  let played: Array<Standing<C>> = [];
  for (const step of steps) {
    if (step.kind === 'command') {
      played.push({ seq: step.seq, command: step.command });
    } else {
      const gone = new Set(step.invalidated);
      played = played
        .filter((p) => !gone.has(p.seq))
        .map((p) => (p.seq === step.target ? { seq: p.seq, command: { ...p.command, card: step.card } } : p));
    }
  }
  return played;
}

interface JournalLike<C> {
  seq: number;
  command: C & { type?: unknown; seq?: unknown; card?: unknown };
  events?: ReadonlyArray<{ type?: unknown; invalidated?: unknown }>;
}

/** The commands that stand, from a game's journal (as the export gives it): newGame first, then the rest. */
export function standingCommands<C extends object>(entries: ReadonlyArray<JournalLike<C>>): Array<Standing<C>> {
  const steps: Array<Step<C>> = [];
  for (const e of entries.slice(1)) {
    const c = e.command;
    if (c.type === 'undo') {
      steps.pop();
    } else if (c.type === 'correct' && typeof c.seq === 'number' && typeof c.card === 'string') {
      const fixed = e.events?.find((x) => x.type === 'corrected');
      const invalidated = Array.isArray(fixed?.invalidated) ? fixed.invalidated.filter((n): n is number => typeof n === 'number') : [];
      steps.push({ kind: 'correction', seq: e.seq, target: c.seq, card: c.card, invalidated });
    } else {
      steps.push({ kind: 'command', seq: e.seq, command: c });
    }
  }
  return effectiveOf(steps);
}
