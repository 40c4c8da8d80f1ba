// English announcements, in the style of RULES.md §8 ("Ben plays Blue 4 to the canvas: the
// rule is now Blue, most different colours"; "Ann leads with three colours, best Red 6").
import type { Phase, Rule } from '../../rules/index.ts';
import type { Catalogue } from './catalogue.ts';

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const count = (n: number) => NUMBERS[n] ?? String(n);
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** What a leader holds, by rule ("three colours", "four in a row"). */
const HOLDS: Record<Exclude<Rule, 'red'>, (n: number) => string> = {
  orange: (n) => `${count(n)} of one number`,
  yellow: (n) => `${count(n)} of one colour`,
  green: (n) => plural(n, 'even card', 'even cards'),
  blue: (n) => plural(n, 'colour', 'colours'),
  indigo: (n) => `${count(n)} in a row`,
  violet: (n) => plural(n, 'card below 4', 'cards below 4'),
};

const PHASE: Record<Phase, string> = { setup: 'dealing', turn: 'in play', roundOver: 'round over', gameOver: 'game over' };

export const en: Catalogue = {
  colour: { red: 'Red', orange: 'Orange', yellow: 'Yellow', green: 'Green', blue: 'Blue', indigo: 'Indigo', violet: 'Violet' },
  rule: {
    red: 'Red, highest card',
    orange: 'Orange, most of one number',
    yellow: 'Yellow, most of one colour',
    green: 'Green, most even cards',
    blue: 'Blue, most different colours',
    indigo: 'Indigo, most cards in a row',
    violet: 'Violet, most cards below 4',
  },
  list,
  gameStarted: (players, advanced, actions) =>
    `New game for ${list(players)}${advanced ? ', advanced scoring' : ''}${actions ? ', with card actions' : ''}.`,
  roundStarted: (round) => `Round ${round}: deal each player a starting palette card.`,
  cardDealt: (name, card) => `${name} starts with ${card} in the palette.`,
  turnStarted: (name) => `${name}'s turn.`,
  playedPalette: (name, card) => `${name} plays ${card} to the palette.`,
  playedCanvas: (name, card, rule) => `${name} plays ${card} to the canvas: the rule is now ${rule}.`,
  ruleChanged: (rule) => `The rule is now ${rule}.`,
  discardedCanvas: (name, card, rule) => `${name} moves ${card} from the palette to the canvas: the rule is now ${rule}.`,
  discardedDeck: (name) => `${name} puts a palette card face down on the deck.`,
  taken: (name, from) => `${name} takes a card from ${from}'s palette and puts it face down on the deck.`,
  orderWarning: (name) => `Note: ${name} played to the canvas before the palette; the rules play the palette first.`,
  notWinningYet: (name, rule) =>
    `${name} is not winning under the new rule yet (${rule}): a card played to the palette now may still fix that; otherwise take the canvas card back.`,
  bonusWithdrawn: (name, palette) =>
    `No canvas bonus for ${name} after all: the canvas card's number is not higher than the ${plural(palette, 'card', 'cards')} now in the palette.`,
  drew: {
    action: (name) => `${name} draws a card (the 3's action).`,
    bonus: (name) => `${name} draws a card (canvas bonus).`,
  },
  pending: {
    1: (name) => `${name} must carry out the 1: put a card from a palette at least as large face down on the deck.`,
    3: (name) => `${name} must carry out the 3: draw a card.`,
    5: (name) => `${name} must carry out the 5: play one more card to the palette.`,
    7: (name) => `${name} must carry out the 7: move a palette card to the canvas or face down on the deck.`,
  },
  oneNotOwed: (name) => `${name} need not carry out the 1 now: no card ${name} may take would keep ${name} in the round.`,
  pendingBonus: (name) => `${name} may draw a card (canvas bonus).`,
  skipped: {
    'empty-hand': (name, action) => `${name}'s ${action} has no effect: the hand is empty.`,
    'empty-deck': (name, action) => `${name}'s ${action} has no effect: the deck is empty.`,
    'no-target': (name, action) => `${name}'s ${action} has no effect: no palette to take from.`,
  },
  out: {
    'not-winning': (name) => `${name} is not winning and is out of the round.`,
    passed: (name) => `${name} passes and is out of the round.`,
    'empty-hand': (name) => `${name} has no cards left and is out of the round.`,
  },
  roundWon: (name, round, rule) => `${name} wins round ${round} under ${rule}.`,
  scored: (name, cards, points, total) =>
    `${name} scores ${points} ${points === 1 ? 'point' : 'points'} with ${list(cards)}, ${total} in total.`,
  gameOver: {
    target: (name, points) => `Game over: ${name} wins with ${points} ${points === 1 ? 'point' : 'points'}.`,
    deck: (name, points) => `Game over, too few cards for another round: ${name} wins with ${points} ${points === 1 ? 'point' : 'points'}.`,
    basic: (name) => `Game over: ${name} wins.`,
  },
  leads: (name, rule, n, best) =>
    rule === 'red' ? `${name} leads with the highest card, ${best}.` : `${name} leads with ${HOLDS[rule](n)}, best ${best}.`,
  nobodyLeads: () => 'Nobody is winning.',
  illegal: {
    'not-your-turn': (name) => `${name ?? 'Someone'} played out of turn: take the card back.`,
    out: (name) => `${name ?? 'That player'} is out of the round and cannot play.`,
    'not-winning': (name) => `Illegal play: ${name ?? 'the player'} would not be winning under that rule. Take the canvas card back.`,
    'turn-not-winning': (name) => `${name ?? 'The player'} would not be winning at the end of the turn: take the canvas card back with UNDO, or play on.`,
    visible: (name) => `Illegal play by ${name ?? 'a player'}: that card cannot be in a hand. Check the card.`,
    'second-play': (name) => `${name ?? 'The player'} has already made that play this turn.`,
    'action-owed': (name) => `${name ?? 'The player'} must first carry out the card action.`,
    'not-allowed': (name) => `${name ?? 'The player'} may not do that now.`,
    'nothing-played': (name) => `${name ?? 'The player'} has not played yet: play a card or pass.`,
    phase: () => 'That is not possible at this point of the game.',
    'one-while-losing': (name) => `${name ?? 'The player'} may not use the 1 without staying in the round.`,
    'plays-over': (name) => `${name ?? 'The player'} drew the canvas bonus card, so the turn's plays are over: press DONE.`,
    'bad-card': (name) => `The card of ${name ?? 'the player'} could not be used: scan it again or enter it.`,
    other: () => 'That command was refused.',
  },
  rescan: (name) => `${name}'s card could not be read: scan it again or pick it by hand.`,
  undone: (what) => `Taken back: ${what}.`,
  nowTurn: (name) => `It is ${name}'s turn.`,
  nowDeal: () => 'Deal the starting cards: each seat presses PALETTE and scans or picks its card.',
  nowNextRound: () => 'The round is over: start the next round when the table is ready.',
  command: {
    newGame: (players) => `new game for ${list(players)}`,
    deal: (name, card) => `${name}'s starting card${card === null ? '' : `, ${card}`}`,
    palette: (name, card) => `${name} plays ${card ?? 'a card still to be scanned'} to the palette`,
    canvas: (name, card) => `${name} plays ${card ?? 'a card still to be scanned'} to the canvas`,
    endTurn: (name) => `${name} ends the turn`,
    pass: (name) => `${name} passes`,
    draw: (name) => `${name} draws a card`,
    discardCanvas: (name, card) => `${name} moves ${card} from the palette to the canvas (the 7's action)`,
    discardDeck: (name) => `${name} puts a palette card face down on the deck (the 7's action)`,
    take: (name, from) => `${name} takes a card from ${from}'s palette (the 1's action)`,
    nextRound: () => 'next round',
    undo: () => 'undo',
    correct: (seq, card) => `command ${seq} corrected to ${card}`,
    correction: (seq) => `the correction of command ${seq}`,
  },
  transcript: {
    header: (id, players, startedAt, commands, phase) =>
      `Game ${id}: ${list(players)}; started ${startedAt}; ${plural(commands, 'command', 'commands')}; ${phase === null ? 'not started' : PHASE[phase]}`,
    refused: (code) => `(refused on replay: ${code})`,
  },
  corrected: (seq, card, invalidated) =>
    `Command ${seq} corrected${card === null ? '' : ` to ${card}`}.` +
    (invalidated.length === 0 ? '' : ` No longer possible and removed: ${list(invalidated.map(String))}.`),
};
