// Stand-ins for the table's camera and classifier, over the real card reader: a camera that
// counts its captures and a classifier that answers from a script (or reads the card on the tray).
import type { Classification, Classify, FrameSource } from '../../../device/table-inputs/card-reader.ts';

/** A camera whose every capture is counted. */
export function countingCamera(): FrameSource & { captures: number } {
  const camera = {
    captures: 0,
    async capture(): Promise<Buffer> {
      camera.captures += 1;
      return Buffer.from(`frame ${camera.captures}`);
    },
  };
  return camera;
}

/** A classifier answering from a list (an Error is thrown), recording what it was told to rule out. */
export function scriptedClassifier(answers: Array<Classification | Error>): Classify & { excluded: string[][] } {
  const excluded: string[][] = [];
  const classify = (async (_image: Buffer, options: { exclude?: string[] }) => {
    excluded.push([...(options.exclude ?? [])]);
    const next = answers.shift();
    if (next === undefined) throw new Error('no more planned reads');
    if (next instanceof Error) throw next;
    return next;
  }) as Classify & { excluded: string[][] };
  classify.excluded = excluded;
  return classify;
}

/** A sure read of a card. */
export const sure = (card: string): Classification => ({ card, confidence: 0.99, alternatives: [{ card, p: 0.99 }] });

/** An unsure read: no card, the top guesses, and why. */
export const unsure = (alternatives: Array<{ card: string; p: number }>, reason = 'low-confidence'): Classification =>
  ({ card: null, confidence: alternatives[0]?.p ?? 0, alternatives, reason });
