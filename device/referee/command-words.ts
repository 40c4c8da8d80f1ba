// A command in the table's words, for transcripts and for what undo took back. A card that went
// face down (the 1's take, the 7's card put on the deck) is never named here.
import type { Command } from '../rules/index.ts';
import type { Catalogue } from './i18n/catalogue.ts';

/** `card` names a face-up card in words (the transcript adds the R7 notation); `name` names a seat. */
export function commandWords(c: Command, t: Catalogue, name: (seat: number) => string, card: (text: string) => string): string {
  switch (c.type) {
    case 'newGame': return t.command.newGame(c.players);
    case 'deal': return t.command.deal(name(c.seat), c.card === undefined ? null : card(c.card));
    case 'play': return t.command[c.to](name(c.seat), c.card === undefined ? null : card(c.card));
    case 'endTurn': return t.command.endTurn(name(c.seat));
    case 'pass': return t.command.pass(name(c.seat));
    case 'draw': return t.command.draw(name(c.seat));
    case 'discard': return c.to === 'canvas' ? t.command.discardCanvas(name(c.seat), card(c.card)) : t.command.discardDeck(name(c.seat));
    case 'take': return t.command.take(name(c.seat), name(c.from));
    case 'undo': return t.command.undo();
    case 'correct': return t.command.correct(c.seq, card(c.card));
    case 'nextRound': return t.command.nextRound();
  }
}
