// The kept games as the CLI and the dashboard's games list read them: summaries, exports and
// transcripts, straight from storage (no game needs to be rebuilt).
import { isLanguage } from './i18n/index.ts';
import type { RefereeStorage } from './storage.ts';
import { renderTranscript } from './transcript.ts';
import type { GameSummary, Language, RefereeApi } from './types.ts';

/** Every kept game, oldest first. */
export function listGames(storage: RefereeStorage | null): GameSummary[] {
  return (storage?.games() ?? []).map(({ language: _language, ...summary }) => summary);
}

/** A game's commands and events, as JSON; null when there is no such game. */
export function exportGame(storage: RefereeStorage | null, id: number): ReturnType<RefereeApi['exportGame']> {
  const game = storage !== null && Number.isInteger(id) ? storage.game(id) : null;
  if (game === null) return null;
  const { language: _language, ...summary } = game;
  return { game: summary, commands: storage!.entries(id) };
}

/** A game as a readable transcript, in its table's language unless another (known) one is asked for. */
export function transcriptOf(storage: RefereeStorage | null, id: number, language?: Language): string | null {
  const game = storage !== null && Number.isInteger(id) ? storage.game(id) : null;
  if (game === null) return null;
  return renderTranscript(game, storage!.entries(id), isLanguage(language) ? language : game.language);
}
