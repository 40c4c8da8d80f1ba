// The shape every language's announcement strings must have. Each locale is typed as
// `Catalogue`, so a missing string is a compile error, and the tests call every entry in every
// locale — there is no silent fallback to English.
import type { Colour, OutReason, Phase, RejectionCode, Rule } from '../../rules/index.ts';
import type { RefereeCode } from '../types.ts';

/** The card actions of RULES.md §6. */
export type ActionNumber = 1 | 3 | 5 | 7;
/** Why an owed action could not be carried out. */
export type SkipReason = 'empty-hand' | 'empty-deck' | 'no-target';
/** Why the game ended. */
export type GameOverReason = 'target' | 'deck' | 'basic';

/** The families of refused plays a table hears about; every refusal code maps to one. */
export const ILLEGAL_KINDS = [
  'not-your-turn', 'out', 'not-winning', 'turn-not-winning', 'visible', 'second-play', 'action-owed', 'not-allowed',
  'nothing-played', 'phase', 'one-while-losing', 'plays-over', 'bad-card', 'other',
] as const;
export type IllegalKind = (typeof ILLEGAL_KINDS)[number];

/** Which family each refusal belongs to (a Record, so a new code cannot be forgotten). */
export const ILLEGAL_KIND_OF: Record<RejectionCode | RefereeCode, IllegalKind> = {
  'command/malformed': 'other',
  'game/none': 'phase',
  'game/over': 'phase',
  'phase/not-setup': 'phase',
  'phase/not-turn': 'phase',
  'phase/not-round-over': 'phase',
  'newGame/players': 'other',
  'seat/invalid': 'other',
  'seat/out': 'out',
  'turn/not-your-turn': 'not-your-turn',
  'turn/second-palette': 'second-play',
  'turn/second-canvas': 'second-play',
  'turn/already-played': 'second-play',
  'turn/nothing-played': 'nothing-played',
  'turn/plays-over': 'plays-over',
  'card/invalid': 'bad-card',
  'card/missing': 'bad-card',
  'card/visible': 'visible',
  'card/not-in-palette': 'bad-card',
  'hand/empty': 'not-allowed',
  'canvas/not-winning': 'not-winning',
  'deal/already-dealt': 'phase',
  'action/pending': 'action-owed',
  'action/not-pending': 'not-allowed',
  'action/one-while-losing': 'one-while-losing',
  'take/invalid-target': 'not-allowed',
  'take/smaller-palette': 'not-allowed',
  'draw/not-allowed': 'not-allowed',
  'deck/empty': 'not-allowed',
  'undo/nothing': 'other',
  'correct/unknown-seq': 'other',
  'correct/not-a-card-play': 'other',
  'scan/unavailable': 'bad-card',
  'scan/rescan': 'bad-card',
  'language/unknown': 'other',
  'referee/not-started': 'other',
  'command/id-conflict': 'other',
  'journal/failed': 'other',
};

/**
 * One language's announcements. Cards arrive already named in words in this language
 * ("Blau 4"); names are player names. Nothing here may name a hand card or a face-down card:
 * the entries that concern them take no card.
 */
export interface Catalogue {
  /** Colour words as used in a card's name ("Blue" in "Blue 4"). */
  colour: Record<Colour, string>;
  /** A rule in words: its colour and what it asks for. */
  rule: Record<Rule, string>;
  /** Joins names or cards into one phrase ("Ann, Ben and Cy"). */
  list: (items: string[]) => string;
  gameStarted: (players: string[], advanced: boolean, actions: boolean) => string;
  roundStarted: (round: number) => string;
  cardDealt: (name: string, card: string) => string;
  turnStarted: (name: string) => string;
  playedPalette: (name: string, card: string) => string;
  /** A hand card to the canvas and the rule it sets (RULES.md §8's first example). */
  playedCanvas: (name: string, card: string, rule: string) => string;
  /** The rule changed without a hand card (kept for completeness of the event list). */
  ruleChanged: (rule: string) => string;
  /** The 7's action moved a palette card to the canvas. */
  discardedCanvas: (name: string, card: string, rule: string) => string;
  /** The 7's action put a palette card face down on the deck: the card is not named. */
  discardedDeck: (name: string) => string;
  /** The 1's action: a card from another palette face down on the deck, not named. */
  taken: (name: string, from: string) => string;
  orderWarning: (name: string) => string;
  /** A canvas card played first that does not win yet: a palette card may still fix it (RULES.md §4). */
  notWinningYet: (name: string, rule: string) => string;
  /** A palette card after the canvas card left the palette too large for the advanced bonus. */
  bonusWithdrawn: (name: string, palette: number) => string;
  drew: Record<'action' | 'bonus', (name: string) => string>;
  pending: Record<ActionNumber, (name: string) => string>;
  /** A 1 played while behind when no card it may take would keep its player in: the sheets free them of it. */
  oneNotOwed: (name: string) => string;
  pendingBonus: (name: string) => string;
  skipped: Record<SkipReason, (name: string, action: ActionNumber) => string>;
  out: Record<OutReason, (name: string) => string>;
  roundWon: (name: string, round: number, rule: string) => string;
  scored: (name: string, cards: string[], points: number, total: number) => string;
  gameOver: Record<GameOverReason, (name: string, points: number) => string>;
  /** The leader and why (RULES.md §8's second example); `best` is a card name. */
  leads: (name: string, rule: Rule, count: number, best: string) => string;
  nobodyLeads: () => string;
  /** A refused play: who tried (null when unknown) and the family of the refusal. */
  illegal: Record<IllegalKind, (name: string | null) => string>;
  /** The camera could not read a card confidently. */
  rescan: (name: string) => string;
  /** Undo: what was taken back, as a `command` phrase; the turn line follows it. */
  undone: (what: string) => string;
  /** Whose turn it is after an undo, or what the table does next outside a turn. */
  nowTurn: (name: string) => string;
  nowDeal: () => string;
  nowNextRound: () => string;
  /**
   * A command in words, for transcripts and for what undo took back ("Ann: Blue 4 to the palette").
   * `card` is already in words; a card that went face down is never passed.
   */
  command: {
    newGame: (players: string[]) => string;
    deal: (name: string, card: string | null) => string;
    palette: (name: string, card: string | null) => string;
    canvas: (name: string, card: string | null) => string;
    endTurn: (name: string) => string;
    pass: (name: string) => string;
    draw: (name: string) => string;
    discardCanvas: (name: string, card: string) => string;
    discardDeck: (name: string) => string;
    take: (name: string, from: string) => string;
    nextRound: () => string;
    undo: () => string;
    correct: (seq: number, card: string) => string;
    /** What undo takes back when the last step was a correction. */
    correction: (seq: number) => string;
  };
  /** The head of a replayed game's transcript, and a command its replay refused. */
  transcript: {
    header: (id: number, players: string[], startedAt: string, commands: number, phase: Phase | null) => string;
    refused: (code: string) => string;
  };
  /** A misread fixed; the card is named only when it is face up on the table. */
  corrected: (seq: number, card: string | null, invalidated: number[]) => string;
}
