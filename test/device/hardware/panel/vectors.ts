// Reads firmware/protocol/vectors.txt — the one vectors file the firmware's C tests read too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the shared vectors live. */
export const VECTORS_PATH = fileURLToPath(new URL('../../../../firmware/protocol/vectors.txt', import.meta.url));

/** One line of the vectors file. */
export type Vector =
  | { line: number; kind: 'valid'; frame: Buffer; json: unknown }
  | { line: number; kind: 'invalid'; frame: Buffer; reason: string };

/** Every vector of the file, in order; throws on a line that is not in the file's format. */
export function readVectors(path = VECTORS_PATH): Vector[] {
  // latin1 keeps every byte as one char: some invalid frames hold bytes like 0x7F on purpose.
  const text = readFileSync(path, 'latin1');
  const vectors: Vector[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '' || raw.startsWith('#')) return;
    const fields = raw.split('\t');
    if (fields.length !== 3) throw new Error(`vectors.txt line ${i + 1}: expected 3 tab-separated fields, got ${fields.length}`);
    const [kind, frame, last] = fields as [string, string, string];
    const bytes = Buffer.from(frame, 'latin1');
    if (kind === 'valid') vectors.push({ line: i + 1, kind, frame: bytes, json: JSON.parse(last) });
    else if (kind === 'invalid') vectors.push({ line: i + 1, kind, frame: bytes, reason: last });
    else throw new Error(`vectors.txt line ${i + 1}: unknown kind "${kind}"`);
  });
  return vectors;
}
