// The real thing for end-to-end tests: the real Referee (SQLite journal) behind the real web
// server, in a throwaway data directory that can be restarted in place.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Referee } from '../../../device/referee/referee.ts';
import type { CardScanner } from '../../../device/referee/types.ts';
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

/** Starts the real referee and web server over a data dir (a fresh one by default). */
export async function startStack(extra: Partial<WebServerOptions> & { dataDir?: string; scanner?: CardScanner } = {}): Promise<Stack> {
  const dataDir = extra.dataDir ?? mkdtempSync(join(tmpdir(), 'red7-e2e-'));
  const logger = pino({ level: 'silent' });
  const { scanner, ...web } = extra;
  const referee = new Referee({ dataDir, logger, ...(scanner === undefined ? {} : { scanner }) });
  await referee.start();
  const server = createWebServer({ referee, port: 0, host: '127.0.0.1', dataDir, pin: PIN, logger, ...web });
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
