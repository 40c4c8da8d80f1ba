// The games kept in the journal, for the referee: each one's transcript, read in the table's
// language or another, and its export as JSON (both are referee-only: they name hidden cards).
import type { GameSummary } from '../../../device/referee/types.ts';
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { LANGUAGE_NAMES } from './languages.ts';

const PHASE: Record<string, string> = { setup: 'dealing', turn: 'being played', roundOver: 'between rounds', gameOver: 'finished' };

/** Saves a response body as a file download. */
export async function download(r: Response, name: string): Promise<void> {
  const a = h('a', { href: URL.createObjectURL(await r.blob()), download: name });
  a.click();
}

/** The past-games panel. */
export function gamesList(ctx: Ctx): { el: HTMLElement; load(): Promise<void> } {
  const list = h('ol', { class: 'games', testid: 'games-list', reversed: true });
  const transcript = h('pre', { class: 'transcript', testid: 'transcript', tabindex: 0, 'aria-label': 'Transcript' });
  transcript.hidden = true;
  const language = h('select', { id: 'games-language', testid: 'games-language' },
    ...Object.entries(LANGUAGE_NAMES).map(([code, name]) => h('option', { value: code }, name)));
  const show = async (id: number): Promise<void> => {
    const r = await ctx.api(`/api/games/${id}/export?format=text&lang=${encodeURIComponent(language.value)}`);
    transcript.hidden = false;
    transcript.textContent = r.ok ? await r.text() : `Could not load game ${id}'s transcript (${r.status}).`;
  };
  const load = async (): Promise<void> => {
    // The table's language is the referee's choice for the game; start the transcripts in it.
    const lang = ctx.store.state.view?.language;
    if (lang !== undefined && language.dataset.touched !== 'true') language.value = lang;
    const r = await ctx.api('/api/games');
    if (!r.ok) return fill(list, h('li', {}, `Could not list the games (${r.status}).`));
    const games = ((await r.json()) as GameSummary[]).slice().sort((a, b) => b.id - a.id).slice(0, 20);
    fill(list, ...(games.length === 0 ? [h('li', {}, 'No game kept yet.')] : games.map((g) => h('li', { value: g.id, testid: `game-${g.id}` },
      h('span', {}, `Game ${g.id}: ${g.players.join(', ')} — ${PHASE[g.phase ?? ''] ?? 'not started'}, ${g.commands} commands, ${new Date(g.startedAt).toLocaleString()}`),
      h('span', { class: 'buttons' },
        h('button', { type: 'button', testid: `game-${g.id}-transcript`, 'aria-label': `Transcript of game ${g.id}`, onclick: () => void show(g.id) }, 'Transcript'),
        h('button', {
          type: 'button', testid: `game-${g.id}-export`, 'aria-label': `Download game ${g.id} as JSON`,
          onclick: async () => {
            const e = await ctx.api(`/api/games/${g.id}/export`);
            if (!e.ok) return ctx.store.set({ notice: { kind: 'error', text: `export failed (${e.status})` } });
            await download(e, `red7-game-${g.id}.json`);
          },
        }, 'JSON'))))));
  };
  language.addEventListener('change', () => { language.dataset.touched = 'true'; });
  const el = h('section', { class: 'games-panel', testid: 'games', 'aria-label': 'Past games' },
    h('h2', {}, 'Past games'),
    h('label', { for: 'games-language' }, 'Transcripts in', language),
    h('button', { type: 'button', testid: 'games-refresh', onclick: () => void load() }, 'Show the games'),
    list, transcript);
  return { el, load };
}
