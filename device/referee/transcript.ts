// A kept game as a readable transcript: one block per accepted command, with what it said.
// It replays the journal through the same session as live play, so it reads as the table heard it.
import { applyCommand, type Command } from '../rules/index.ts';
import { announce } from './announce.ts';
import { CATALOGUES, cardWords } from './i18n/index.ts';
import { commandWords } from './command-words.ts';
import type { JournalEntry, JournalGame } from './journal.ts';
import { GameSession } from './session.ts';
import type { Language, RefereeEvent } from './types.ts';

/** A command in the language's words, cards in R7 notation and in words: "Ben spielt B4 (Blau 4) auf die Palette". */
export function describeCommand(c: Command, names: readonly string[], language: Language): string {
  const who = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const card = (text: string) => `${text} (${cardWords(text, language)})`;
  return commandWords(c, CATALOGUES[language], who, card);
}

/** Renders a game's journal entries as text in a language. */
export function renderTranscript(game: JournalGame, entries: readonly JournalEntry[], language: Language): string {
  const t = CATALOGUES[language];
  const out: string[] = [t.transcript.header(game.id, game.players, game.startedAt, game.commands, game.phase ?? null)];
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
      out.push(`        ${t.transcript.refused(plan.rejection.code)}`);
      session.seq = entry.seq;
      continue;
    }
    plan.apply();
    block(entry.seq, entry.command, plan.events);
  }
  return `${out.join('\n')}\n`;
}
