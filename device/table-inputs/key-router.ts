// Wires the driver's key events to keyToCommand, one press at a time: a scan takes a camera
// frame, and the next press (an UNDO right after a PALETTE, say) must not overtake it.
import type { Logger } from 'pino';
import type { PanelKeyEvent } from '../hardware/panel/key-event.ts';
import { keyToCommand, type CardScanner, type PanelOutcome } from './key-commands.ts';

/** The part of PanelDriver the router listens to. */
export interface KeySource {
  on(event: 'key', listener: (event: PanelKeyEvent) => void): unknown;
  off(event: 'key', listener: (event: PanelKeyEvent) => void): unknown;
}

/** What the router needs from the app. */
export interface KeyRouterOptions {
  /** The current public view (RULES.md §9), read when a press is handled. */
  view: () => unknown;
  scanner: CardScanner;
  /** Receives each outcome: a command to submit, or "not your turn", "rescan", "ignored". */
  onOutcome: (outcome: PanelOutcome, event: PanelKeyEvent) => void | Promise<void>;
  logger?: Logger;
  /** Takes a press before it becomes a command (a PALETTE while a deck is being taught); true when taken. */
  claim?: (event: PanelKeyEvent) => Promise<boolean>;
}

/** Routes every key of `source` to a command or typed outcome, in order; returns the unsubscribe. */
export function routePanelKeys(source: KeySource, options: KeyRouterOptions): () => void {
  let queue: Promise<void> = Promise.resolve();
  const listener = (event: PanelKeyEvent): void => {
    queue = queue.then(async () => {
      try {
        if (options.claim !== undefined && (await options.claim(event))) return;
        const outcome = await keyToCommand(event, options.view(), options.scanner);
        await options.onOutcome(outcome, event);
      } catch (err) {
        // The app's handler failed: log it and keep serving the next press.
        options.logger?.error({ err: err instanceof Error ? err.message : String(err), event }, 'panel key handling failed');
      }
    });
  };
  source.on('key', listener);
  return () => source.off('key', listener);
}
