// The companion's web server: the HTTP API, the WebSocket hub and the dashboard's files on one
// port. The constructor does nothing; start() loads the credentials and listens, stop() closes
// every connection. device/main.ts wires it to the table-inputs layer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import type { RefereeApi } from '../../device/referee/types.ts';
import { createApp } from './app.ts';
import type { DeckDesk } from './decks.ts';
import type { SeenDesk, TeachDesk } from './teach.ts';
import { Credentials, loadPin } from './auth.ts';
import { SocketHub } from './hub.ts';
import { AuthLockout, HTTP_LIMIT, KeyedBuckets, SOCKET_LIMIT, type RateLimit } from './rate-limit.ts';
import { ScanDesk, type PhotoReader } from './scan.ts';

export type { PhotoReader } from './scan.ts';

export interface WebServerOptions {
  referee: RefereeApi;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Where the PIN and the seat tokens are kept (the journal's directory). */
  dataDir: string;
  /** The referee PIN (RED7_PIN); without it one is generated at first start and kept in dataDir. */
  pin?: string;
  logger?: Logger;
  /** Reads uploaded photos (the table-inputs layer); without it POST /api/scan answers 503. */
  photos?: PhotoReader;
  /** The decks taught to the companion (/api/decks). */
  decks?: DeckDesk;
  /** Teaching a deck from the dashboard (/api/teach) and the scan strip's frames (/api/seen). */
  teach?: TeachDesk;
  seen?: SeenDesk;
  /** The built dashboard; defaults to web/client/dist. */
  clientDir?: string;
  /** Flood limits, per address (HTTP) and per connection (socket). */
  limits?: { http?: RateLimit; socket?: RateLimit };
  /** Origins beside the dashboard's own whose pages may open the socket (RED7_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
}

export interface WebServer {
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
  /** Sends a line about the companion itself to every dashboard (nothing when not started). */
  notice(text: string): void;
}

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../client/dist', import.meta.url));

/** Creates the web server; nothing happens until start(). */
export function createWebServer(options: WebServerOptions): WebServer {
  let server: Server | null = null;
  let hub: SocketHub | null = null;
  const logger = options.logger ?? pino({ name: 'red7-web' });

  return {
    async start() {
      if (server !== null) throw new Error('the web server is already started');
      const { pin, source } = loadPin(options.dataDir, options.pin);
      const credentials = new Credentials(pin, options.dataDir);
      const damaged = credentials.load();
      if (damaged !== null) logger.warn(damaged);
      // RULES.md §10: the PIN is shown on the Pi's console and in its log.
      logger.info({ pin, source }, `referee PIN: ${pin}`);
      const lockout = new AuthLockout();
      const requests = new KeyedBuckets(options.limits?.http ?? HTTP_LIMIT);
      const h = new SocketHub({
        referee: options.referee, credentials, lockout, limit: options.limits?.socket ?? SOCKET_LIMIT, requests,
        allowedOrigins: (options.allowedOrigins ?? []).map((o) => o.toLowerCase()), logger,
      });
      const app = createApp({
        referee: options.referee,
        credentials,
        lockout,
        scans: new ScanDesk(options.referee, options.photos, logger),
        decks: options.decks,
        teach: options.teach,
        seen: options.seen,
        requests,
        clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR,
        clients: () => h.size,
        logger,
      });
      const s = createServer(app);
      s.on('upgrade', (req, socket, head) => h.handleUpgrade(req, socket, head));
      s.on('clientError', (_err, socket) => socket.destroy());
      await new Promise<void>((resolve, reject) => {
        s.once('error', (err: NodeJS.ErrnoException) => {
          const why = err.code === 'EADDRINUSE' ? 'the port is in use (another companion running? set RED7_PORT)' : err.message;
          reject(new Error(`the web server cannot listen on ${options.host ?? '0.0.0.0'}:${options.port}: ${why}`));
        });
        s.listen(options.port, options.host ?? '0.0.0.0', () => {
          s.removeAllListeners('error');
          resolve();
        });
      });
      h.start();
      server = s;
      hub = h;
      const port = (s.address() as AddressInfo).port;
      const shown = options.host === undefined || options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
      logger.info({ port }, `dashboard at http://${shown}:${port}/`);
      return { port };
    },
    notice(text) {
      hub?.notice(text);
    },
    async stop() {
      const s = server;
      if (s === null) return;
      server = null;
      await hub?.stop();
      hub = null;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
