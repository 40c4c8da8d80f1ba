// The real thing for end-to-end tests: the real Referee (SQLite journal) behind the real web
// server, in a throwaway data directory that can be restarted in place.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Referee } from '../../../device/referee/referee.ts';
import { createCardReader, type CardRead, type CardReader, type Classification } from '../../../device/table-inputs/card-reader.ts';
import { TableInputs } from '../../../device/table-inputs/table-inputs.ts';
import { createWebServer, type WebServerOptions } from '../../../web/server/server.ts';
import { PIN } from '../helpers.ts';

/** A running referee and web server. */
export interface Stack {
  url: string;
  wsUrl: string;
  dataDir: string;
  referee: Referee;
  /** Stops both, keeping the data dir. */
  stop(): Promise<void>;
  /** Stops both and deletes the data dir. */
  destroy(): Promise<void>;
}

/** A stand-in for the table camera and classifier: the read of the card on the tray, given what is ruled out. */
export type TrayScanner = (exclude: string[]) => Promise<{ card: string } | { rescan: true; alternatives: Array<{ card: string; p: number }>; reason: string }>;
/** A stand-in for the classifier of uploaded photos. */
export type PhotoClassify = (image: Buffer, exclude: string[]) => Promise<Classification>;

/** The card reader over the stand-ins (no camera, or no classifier, when one is not given). */
function standInReader(scanner: TrayScanner | undefined, classify: PhotoClassify | undefined): CardReader {
  const photos = createCardReader(() => (classify === undefined ? {} : { classify: (image, o) => classify(image, o.exclude ?? []) }));
  return {
    ...photos,
    async readTray(exclude): Promise<CardRead> {
      if (scanner === undefined) return { ok: false, refusal: 'no-camera', message: 'no camera', confidence: 0, alternatives: [] };
      const r = await scanner(exclude);
      return 'card' in r ? { ok: true, card: r.card, confidence: 1, alternatives: [] } : { ok: false, refusal: 'low-confidence', message: r.reason, confidence: 0, alternatives: r.alternatives };
    },
  };
}

/** Starts the real referee, the table-inputs layer and the web server over a data dir (a fresh one by default). */
export async function startStack(extra: Partial<WebServerOptions> & { dataDir?: string; scanner?: TrayScanner; classify?: PhotoClassify } = {}): Promise<Stack> {
  const dataDir = extra.dataDir ?? mkdtempSync(join(tmpdir(), 'red7-e2e-'));
  const logger = pino({ level: 'silent' });
  const { scanner, classify, ...web } = extra;
  const referee = new Referee({ dataDir, logger });
  await referee.start();
  const inputs = new TableInputs({ referee, reader: standInReader(scanner, classify) });
  const server = createWebServer({ referee: inputs, photos: inputs, port: 0, host: '127.0.0.1', dataDir, pin: PIN, logger, ...web });
  const { port } = await server.start();
  const stop = async (): Promise<void> => {
    await server.stop();
    await referee.stop();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    dataDir,
    referee,
    stop,
    async destroy() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
