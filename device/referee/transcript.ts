// A kept game as a readable transcript: one block per accepted command, with what it said.
// It replays the journal through the same session as live play, so it reads as the table heard it.
import { applyCommand, type Command } from '../rules/index.ts';
import { announce } from './announce.ts';
import { cardWords } from './i18n/index.ts';
import type { JournalEntry, JournalGame } from './journal.ts';
import { GameSession } from './session.ts';
import type { Language, RefereeEvent } from './types.ts';

/** A command in short words: "Ben: B4 → canvas". Cards in R7 notation and in words. */
export function describeCommand(c: Command, names: readonly string[], language: Language): string {
  const who = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const card = (text: string | undefined) => (text === undefined ? '(to scan)' : `${text} (${cardWords(text, language)})`);
  switch (c.type) {
    case 'newGame': return `newGame ${c.players.join(', ')}${c.advanced ? ' advanced' : ''}${c.actions ? ' actions' : ''}`;
    case 'deal': return `${who(c.seat)}: deal ${card(c.card)}`;
    case 'play': return `${who(c.seat)}: ${card(c.card)} → ${c.to}`;
    case 'endTurn': return `${who(c.seat)}: end turn`;
    case 'pass': return `${who(c.seat)}: pass`;
    case 'draw': return `${who(c.seat)}: draw`;
    case 'discard': return `${who(c.seat)}: 7's action, ${card(c.card)} → ${c.to}`;
    case 'take': return `${who(c.seat)}: 1's action, ${card(c.card)} from ${who(c.from)}`;
    case 'undo': return 'undo';
    case 'correct': return `correct ${c.seq} to ${card(c.card)}`;
    case 'nextRound': return 'next round';
  }
}

/** Renders a game's journal entries as text in a language. */
export function renderTranscript(game: JournalGame, entries: readonly JournalEntry[], language: Language): string {
  const out: string[] = [
    `Game ${game.id}: ${game.players.join(', ')}; started ${game.startedAt}; ${game.commands} commands; ${game.phase ?? 'no phase'}`,
  ];
  const first = entries[0];
  if (first === undefined || first.command.type !== 'newGame') return `${out[0]}\n(the journal holds no newGame for this game)\n`;
  const start = applyCommand(null, first.command);
  if (!start.ok) return `${out[0]}\n(its newGame is refused: ${start.rejection.message})\n`;
  const session = new GameSession(game.id, first.command, start.state);
  const names = start.state.players.map((p) => p.name);
  const block = (seq: number, command: Command, events: readonly RefereeEvent[]) => {
    const lines = announce(events, session.state, language);
    const head = `${String(seq).padStart(4)}  ${describeCommand(command, names, language)}`;
    out.push(head);
    for (const line of lines) out.push(`        ${line}`);
  };
  block(first.seq, first.command, start.events);
  for (const entry of entries.slice(1)) {
    const plan = session.plan(entry.command, entry.seq);
    if (!plan.ok) {
      out.push(`${String(entry.seq).padStart(4)}  ${describeCommand(entry.command, names, language)}`);
      out.push(`        (refused on replay: ${plan.rejection.code})`);
      session.seq = entry.seq;
      continue;
    }
    plan.apply();
    block(entry.seq, entry.command, plan.events);
  }
  return `${out.join('\n')}\n`;
}
