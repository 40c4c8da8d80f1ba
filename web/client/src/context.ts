// What every control needs: the store, the connection, and helpers that send a command or
// call the HTTP API and turn a refusal into a notice on screen.
import type { CommandAnswer } from '../../protocol.ts';
import { cardWords } from './colours.ts';
import type { Connection } from './connection.ts';
import { loadCredential, type Store } from './store.ts';

export interface Ctx {
  store: Store;
  conn: Connection;
  /** Sends a command down the socket; shows the refusal if there is one. */
  send(command: Record<string, unknown>): Promise<CommandAnswer>;
  /** Calls the HTTP API with this device's credential. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** Called after the credential changed. */
  signedIn(): void;
}

/** Builds the context. */
export function makeCtx(store: Store, conn: Connection, signedIn: () => void): Ctx {
  return {
    store,
    conn,
    async send(command) {
      const answer = await conn.command(command);
      if (answer.ok) {
        // The card on the tray has been played: the tray is empty again.
        const used = typeof command.card === 'string' && command.card === store.state.tray;
        store.set({ notice: null, ...(used ? { tray: null } : {}) });
      } else {
        store.set({ notice: { kind: 'error', text: `${answer.error.message} (${answer.error.code})` } });
      }
      return answer;
    },
    api(path, init = {}) {
      const c = loadCredential();
      const headers = new Headers(init.headers);
      if (c !== null) headers.set('Authorization', `Bearer ${c}`);
      return fetch(path, { ...init, headers });
    },
    signedIn,
  };
}

/** "Blue 4" or "the card on the camera". */
export function trayWords(tray: string | null): string {
  return tray === null ? 'none: the camera reads it' : cardWords(tray);
}
