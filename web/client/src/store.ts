// The dashboard's state: the latest view from the server plus what only this screen knows
// (its role, the card on the tray, its settings). Renderers subscribe and redraw.
import type { AnyView, RoleInfo } from '../../protocol.ts';

export interface Settings {
  highContrast: boolean;
  muted: boolean;
  /** Bigger text and cards, for a tablet read from across the table. */
  largeText: boolean;
  /** Speech rate, 0.6 (slow) to 1.4. */
  speechRate: number;
}

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

export interface AppState {
  view: AnyView | null;
  role: RoleInfo;
  status: 'connecting' | 'open' | 'closed';
  /** Announcements heard on this screen, newest last. */
  log: Array<{ seq: number; text: string }>;
  /** The card picked on screen: the virtual scan tray. */
  tray: string | null;
  notice: Notice | null;
  settings: Settings;
  /** The top guesses of the last unsure camera read, for a tap to confirm (RULES.md §9). */
  rescan: { seat: number; alternatives: Array<{ card: string; p: number }> } | null;
  /** A line from the companion about itself (e.g. "demo over"), kept until the page reloads. */
  serverNotice: string | null;
}

type Listener = (s: AppState, prev: AppState) => void;

/** A single state with subscribers. */
export class Store {
  private listeners: Listener[] = [];
  constructor(public state: AppState) {}

  /** Changes part of the state and tells every subscriber. */
  set(patch: Partial<AppState>): void {
    const prev = this.state;
    this.state = { ...prev, ...patch };
    for (const l of this.listeners) l(this.state, prev);
  }

  /** Listens to every change. */
  subscribe(l: Listener): void {
    this.listeners.push(l);
  }
}

const SETTINGS_KEY = 'red7.settings';
const CREDENTIAL_KEY = 'red7.credential';

/** Settings kept on this device. */
export function loadSettings(): Settings {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>;
    const rate = typeof s.speechRate === 'number' && s.speechRate >= 0.6 && s.speechRate <= 1.4 ? s.speechRate : 1;
    return { highContrast: s.highContrast === true, muted: s.muted === true, largeText: s.largeText === true, speechRate: rate };
  } catch {
    return { highContrast: false, muted: false, largeText: false, speechRate: 1 };
  }
}

/** Keeps the settings on this device. */
export function saveSettings(s: Settings): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(s));
}

/** The stored PIN or seat token, if any. */
export function loadCredential(): string | null {
  return localStorage.getItem(CREDENTIAL_KEY);
}

/** Stores (or with null forgets) the credential. */
export function saveCredential(c: string | null): void {
  if (c === null) localStorage.removeItem(CREDENTIAL_KEY);
  else localStorage.setItem(CREDENTIAL_KEY, c);
}
