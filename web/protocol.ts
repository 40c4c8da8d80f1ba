// The messages the dashboard and the server exchange over `/ws` and HTTP (documented in
// web/PROTOCOL.md). Types only, plus a few limits both sides enforce, the referee's pure
// correction list and what a seat key means: the browser client imports this file and the card vocabulary, nothing else.
import type { PrivateView, PublicView, RefereeError, RefereeEvent } from '../device/referee/types.ts';

export type { GameSummary, PrivateView, PublicView } from '../device/referee/types.ts';
export { standingCommands } from '../device/referee/standing.ts';
export { seatKeyMeaning, type Meaning, type SeatKey } from '../device/table-inputs/seat-keys.ts';

/** Version of the socket protocol; bumped on any incompatible change. */
export const PROTOCOL_VERSION = 1;

/** Largest JSON body or socket message accepted (RULES.md §10: refuse, never crash). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** Largest uploaded scan photo. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Who a client is: anyone watching, the referee (PIN), or a player paired to one seat. */
export type Role = { kind: 'watcher' } | { kind: 'referee' } | { kind: 'seat'; seat: number };

/** A role as it travels in messages. */
export interface RoleInfo {
  role: Role['kind'];
  seat: number | null;
}

/** A view as a client sees it: the public view, or a seat's private view for a paired seat. */
export type AnyView = PublicView | PrivateView;

/** What the server sends over the socket. */
export type ServerMessage =
  | ({ type: 'hello'; protocol: number } & RoleInfo)
  | { type: 'snapshot'; game: number | null; seq: number; view: AnyView }
  | { type: 'update'; game: number | null; seq: number; events: RefereeEvent[]; announcements: string[]; view: AnyView }
  | { type: 'resumed'; game: number | null; since: number; seq: number; replayed: number }
  | ({ type: 'auth' } & RoleInfo)
  | { type: 'result'; id: string; result: CommandAnswer }
  | { type: 'error'; id?: string; error: RefereeErrorLike }
  | { type: 'notice'; text: string }
  | { type: 'pong' };

/** What a client may send over the socket. */
export type ClientMessage =
  | { type: 'auth'; credential: string }
  | { type: 'command'; id: string; command: unknown }
  | { type: 'resume'; game: number | null; since: number }
  | { type: 'ping' };

/** A typed reason for a refusal: the referee's codes plus the server's own. */
export interface RefereeErrorLike {
  code: RefereeError['code'] | ServerErrorCode;
  message: string;
}

/** Reasons the server itself refuses something. */
export const SERVER_CODES = [
  'auth/required', // no credential, and the request needs one
  'auth/invalid', // a credential that is neither the PIN nor a paired seat's token
  'auth/forbidden', // a valid credential that may not do this
  'auth/locked', // too many wrong credentials from this address, or from everywhere: wait
  'auth/revoked', // this device's seat was unpaired: it is a watcher now
  'origin/forbidden', // (an upgrade refused with 403) a page of another site tried to open the socket
  'storage/failed', // a state file (pairings) could not be written: nothing was kept
  'message/malformed', // a body or socket message that is not valid JSON of the expected shape
  'message/too-large', // over MAX_MESSAGE_BYTES (or MAX_IMAGE_BYTES for a photo)
  'rate/limited', // too many requests or messages: slow down
  'scan/no-classifier', // a photo upload while no card classifier is installed
  'scan/bad-image', // the upload is not a JPEG, PNG or WebP image
  'pair/invalid', // an unknown or expired pairing code
  'not-found', // no such game, scan or route
  'server/error', // a bug: logged, and the state is unchanged
] as const;
export type ServerErrorCode = (typeof SERVER_CODES)[number];

/** The answer to a command, over HTTP and over the socket alike. */
export type CommandAnswer =
  | { ok: true; seq: number; view: PublicView }
  | { ok: false; error: RefereeErrorLike };

/** A photo scan the server classified (kept so the referee can correct a misread). */
export interface ScanRecord {
  id: number;
  seat: number;
  to: 'palette' | 'canvas';
  at: string;
  card: string | null;
  confidence: number;
  alternatives: Array<{ card: string; p: number }>;
  /** Sequence number of the play it became, or null when it was refused. */
  seq: number | null;
  reason?: string;
}

/** The answer to a photo upload. */
export type ScanAnswer =
  | { ok: true; seq: number; view: PublicView; scan: ScanRecord }
  | { ok: false; error: RefereeErrorLike; scan?: ScanRecord };

/** The answer to a private identification (nothing is played). */
export type IdentifyAnswer =
  | { ok: true; card: string; confidence: number; alternatives: Array<{ card: string; p: number }> }
  | { ok: false; error: RefereeErrorLike; alternatives?: Array<{ card: string; p: number }> };

/** A pairing code the referee shows to one seat's player. */
export interface PairingCode {
  seat: number;
  code: string;
  expiresAt: string;
}
