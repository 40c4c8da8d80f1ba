// `red7 enrol --photos DIR --labels FILE [--data DIR] [--name NAME]`: teaches the companion a
// deck from photos of known cards (FILE: JSON lines {"file":"a.jpg","card":"B6"}, files relative
// to DIR). One JSON summary line on success; on any bad input, a line per problem and exit 1,
// with nothing written.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, resolve } from 'node:path';
import { z } from 'zod';
import type { CardClassifier } from '../../vision/classifier.ts';
import { enrolDeck, type TeachPhoto } from '../../vision/deck/enrol.ts';
import { DeckError, DeckStore } from '../../vision/deck/store.ts';
import { tryParseCard } from '../rules/cards.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 enrol --photos DIR --labels FILE [--data DIR] [--name NAME] [--model DIR]\n';

const LabelLine = z.object({ file: z.string().min(1), card: z.string() }).strict();

/** Reads the labels file into photos; every problem is named, none stops the others being checked. */
async function readPhotos(photosDir: string, labelsFile: string): Promise<{ photos: TeachPhoto[]; problems: string[] }> {
  const problems: string[] = [];
  const photos: TeachPhoto[] = [];
  let text: string;
  try {
    text = await readFile(labelsFile, 'utf8');
  } catch (err) {
    return { photos, problems: [`cannot read the labels file ${labelsFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`] };
  }
  const lines = text.split('\n');
  for (const [n, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const where = `${labelsFile}:${n + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      problems.push(`${where}: not JSON`);
      continue;
    }
    const parsed = LabelLine.safeParse(json);
    if (!parsed.success) {
      problems.push(`${where}: expected {"file":"a.jpg","card":"B6"}`);
      continue;
    }
    const { file, card } = parsed.data;
    if (!tryParseCard(card).ok) {
      problems.push(`${where}: unknown card "${card}" for ${file}`);
      continue;
    }
    // Files are named relative to DIR and must stay inside it.
    if (isAbsolute(file) || normalize(file).split(/[\\/]/).includes('..')) {
      problems.push(`${where}: ${file} is outside the photos folder`);
      continue;
    }
    try {
      photos.push({ card, bytes: await readFile(join(photosDir, file)), source: file });
    } catch (err) {
      problems.push(`${where}: unreadable photo ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  if (photos.length === 0 && problems.length === 0) problems.push(`${labelsFile} names no photos`);
  return { photos, problems };
}

/** Runs `red7 enrol`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, {
    photos: { type: 'string' }, labels: { type: 'string' }, data: { type: 'string' }, name: { type: 'string' }, model: { type: 'string' }, help: { type: 'boolean' },
  }, { positionals: 0, needs: { photos: 'a folder', labels: 'a file', data: 'a folder', name: 'a name', model: 'a folder' } });
  if (!parsed.ok) {
    io.stderr.write(`red7 enrol: ${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  const photosDir = values.photos;
  const labels = values.labels;
  if (values.help === true || photosDir === undefined || labels === undefined) {
    io.stderr.write(USAGE);
    return values.help === true ? 0 : 2;
  }
  const name = values.name ?? `deck taught ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`;
  const { photos, problems } = await readPhotos(photosDir, labels);
  if (problems.length > 0) {
    for (const p of problems) io.stderr.write(`red7 enrol: ${p}\n`);
    return 1;
  }
  let classifier: CardClassifier;
  let dataDir: string;
  try {
    dataDir = root().dataDir(values.data);
    classifier = await root().classifier({ modelDir: values.model });
  } catch (err) {
    io.stderr.write(`red7 enrol: cannot load the model: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    const summary = await enrolDeck(classifier, new DeckStore(dataDir), { name, camera: { source: 'photos', folder: resolve(photosDir) }, photos });
    writeJsonLine(io.stdout, summary);
    return 0;
  } catch (err) {
    if (!(err instanceof DeckError)) throw err;
    for (const line of err.message.split('\n')) io.stderr.write(`red7 enrol: ${line}\n`);
    return 1;
  }
};
