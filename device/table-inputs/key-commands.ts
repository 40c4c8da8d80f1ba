// A key press becomes a referee command (or a typed outcome): its meaning from the public view
// (meaning.ts), and, when that meaning needs the card on the tray, one scan of it.
import { randomUUID } from 'node:crypto';
import type { Command } from '../rules/commands.ts';
import { tryParseCard } from '../rules/cards.ts';
import type { ScanSource } from '../referee/exclusions.ts';
import type { PanelKeyEvent } from '../hardware/panel/key-event.ts';
import type { Seat } from '../hardware/panel/protocol.ts';
import { ignored, keyMeaning, type Meaning, type PanelIgnoreCode } from './meaning.ts';

export { PANEL_IGNORE_CODES, PanelViewSchema, type MeaningView, type PanelIgnoreCode } from './meaning.ts';
export type { ScanSource };

/** What a scan of the tray found: a card in `R7` notation, or a reason to lay it again (with the top guesses). */
export type ScanResult = { card: string } | { rescan: string; alternatives?: Array<{ card: string; p: number }> };

/** Takes one camera frame of the tray for a seat and classifies the card on it. */
export interface CardScanner {
  scan(seat: number, from?: ScanSource): Promise<ScanResult>;
}

/** The answer to one key press. */
export type PanelOutcome =
  | { kind: 'command'; command: Command }
  /** Another seat's key: the caller blinks that seat's LED. */
  | { kind: 'notYourTurn'; seat: Seat; active: number }
  /** The card could not be read surely: the player lays it again (never guessed, RULES.md §9). */
  | { kind: 'rescan'; seat: Seat; reason: string; alternatives: Array<{ card: string; p: number }> }
  | { kind: 'ignored'; seat: Seat | null; code: PanelIgnoreCode; message: string };

/** The referee command (or typed outcome) for a key press, given the public view and a scanner. */
export async function keyToCommand(
  event: PanelKeyEvent,
  view: unknown,
  scanner: CardScanner,
  newId: () => string = randomUUID,
): Promise<PanelOutcome> {
  return resolveMeaning(keyMeaning(event, view, { source: 'panel', id: `panel-${newId()}` }), scanner);
}

/** Scans the tray once if the meaning needs its card, and completes the meaning with it. */
export async function resolveMeaning(meaning: Meaning, scanner: CardScanner): Promise<PanelOutcome> {
  if (meaning.kind !== 'card') return meaning;
  const seat = meaning.seat as Seat;
  let result: unknown;
  try {
    result = await scanner.scan(seat, meaning.from);
  } catch (err) {
    return ignored(seat, 'panel/scan-failed', `the scan failed: ${err instanceof Error ? err.message : String(err)}`) as PanelOutcome;
  }
  if (typeof result === 'object' && result !== null && 'rescan' in result) {
    // `{rescan: "why"}`; a scanner that writes `{rescan: true, reason}` is read too.
    const why = typeof result.rescan === 'string' ? result.rescan
      : 'reason' in result && typeof result.reason === 'string' ? result.reason : 'the card could not be read';
    const alternatives = 'alternatives' in result && Array.isArray(result.alternatives) ? result.alternatives as Array<{ card: string; p: number }> : [];
    return { kind: 'rescan', seat, reason: why, alternatives };
  }
  const card = typeof result === 'object' && result !== null && 'card' in result ? result.card : undefined;
  const parsed = tryParseCard(card);
  if (!parsed.ok) return ignored(seat, 'panel/scan-failed', `the scanner answered no card: ${parsed.error}`) as PanelOutcome;
  return resolveMeaning(meaning.complete(card as string), scanner);
}
