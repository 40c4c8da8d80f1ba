// The referee's decks: the list (rename, make active, delete, or read with the base model alone)
// and "Teach the companion your deck": each of the 49 cards asked for in turn, by value, name,
// letter and symbol; Capture (or PALETTE on any seat panel) takes the tray camera's frame,
// shown with the located outline; skip, retake and any order from the card grid; a card the
// base model reads surely as another card is flagged for a retake. Cancel keeps the progress
// on the companion, to resume later; Discard throws it away.
import type { DeckSummary, TeachAttempt, TeachState } from '../../../shared/decks.ts';
import { cardView } from './card-view.ts';
import { cardWords } from './colours.ts';
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { imageUrl, outlinedFrame } from './seen-frame.ts';

/** How a card's cell in the teaching grid shows its state: a mark for the eye, words for a screen reader. */
const CELL_MARK = { untaught: '', flagged: '⚑', taught: '✓' } as const;
const CELL_WORDS = { untaught: ': not taught', flagged: ': flagged, retake', taught: ': taught' } as const;

const CARDS = [...'ROYGBIV'].flatMap((c) => [1, 2, 3, 4, 5, 6, 7].map((v) => `${c}${v}`));
const POLL_MS = 1500;
type Session = NonNullable<TeachState['session']>;

/** The decks panel and the teaching screen. */
export function deckPanel(ctx: Ctx): { el: HTMLElement; load(): Promise<void> } {
  const list = h('div', { class: 'deck-list', testid: 'deck-list' });
  const teachButton = h('button', { type: 'button', testid: 'teach-open', onclick: () => void open() }, 'Teach the companion your deck');
  const screen = h('div', { class: 'teach', testid: 'teach', hidden: true, role: 'region', 'aria-label': 'Teaching a deck' });
  const el = h('section', { class: 'decks', testid: 'decks', 'aria-label': 'Decks' }, h('h2', {}, 'Decks'), list, teachButton, screen);
  let session: Session | null = null;
  let photoUrl: { id: number; url: string | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const refuse = (text: string) => ctx.store.set({ notice: { kind: 'error', text } });
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T | null> => {
    const r = await ctx.api(path, init);
    const body = (await r.json().catch(() => ({}))) as T & { ok?: boolean; error?: { message: string; code: string } };
    if (!r.ok) {
      refuse(`${body.error?.message ?? `the companion answered ${r.status}`} (${body.error?.code ?? r.status})`);
      return null;
    }
    ctx.store.set({ notice: null });
    return body;
  };
  const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  // ---- the deck list ----
  const load = async (): Promise<void> => {
    // A companion without a classifier has no decks: said here, not as an error on the whole page.
    const r = await ctx.api('/api/decks');
    const body = r.ok ? ((await r.json()) as { available: boolean; decks: DeckSummary[]; problem: string | null }) : null;
    teachButton.hidden = body === null || !body.available || !screen.hidden;
    if (body === null || !body.available) {
      const error = body === null ? ((await r.json().catch(() => ({}))) as { error?: { message: string } }).error?.message : body.problem;
      fill(list, h('p', { class: 'meta', testid: 'deck-unavailable' }, error ?? `Decks are unavailable (${r.status}).`));
      return;
    }
    const anyActive = body.decks.some((d) => d.active);
    fill(list,
      body.problem !== null ? h('p', { class: 'notice error', testid: 'deck-problem' }, body.problem) : null,
      body.decks.length === 0 ? h('p', { class: 'meta', testid: 'deck-none' }, 'No deck taught yet: cards are read by the base model.') : null,
      ...body.decks.map((d) => deckRow(d)),
      body.decks.length > 0 ? h('p', {}, anyActive
        ? h('button', { type: 'button', testid: 'deck-use-base', onclick: () => void call('/api/decks/active', json('PUT', { id: null })).then(load) }, 'Read with the base model only')
        : h('span', { class: 'meta', testid: 'deck-base-active' }, 'Reading with the base model only.')) : null);
  };
  const deckRow = (d: DeckSummary): HTMLElement => {
    const name = h('input', { type: 'text', value: d.name, maxlength: 60, testid: `deck-name-${d.id}`, 'aria-label': `Name of deck ${d.name}` });
    let armed = false;
    const del = h('button', { type: 'button', testid: `deck-delete-${d.id}` }, 'Delete');
    del.addEventListener('click', () => {
      // Deleting cannot be undone: a second press confirms, as replacing a running game does.
      if (!armed) { armed = true; del.textContent = 'Press again to delete'; return; }
      void call(`/api/decks/${d.id}`, { method: 'DELETE' }).then(load);
    });
    return h('div', { class: `deck${d.active ? ' active' : ''}`, testid: `deck-${d.id}`, 'data-active': String(d.active) },
      h('p', {}, h('strong', {}, d.active ? '● In use: ' : ''), `${d.cards} of 49 cards taught`, d.flagged.length > 0 ? `, ${d.flagged.length} flagged (${d.flagged.join(' ')})` : '', h('span', { class: 'meta' }, ` · model ${d.modelVersion}`)),
      h('div', { class: 'buttons' }, name,
        h('button', { type: 'button', testid: `deck-rename-${d.id}`, onclick: () => void call(`/api/decks/${d.id}`, json('PATCH', { name: name.value })).then(load) }, 'Rename'),
        d.active ? null : h('button', { type: 'button', testid: `deck-activate-${d.id}`, onclick: () => void call('/api/decks/active', json('PUT', { id: d.id })).then(load) }, 'Make active'),
        del));
  };

  // ---- teaching ----
  const open = async () => {
    const body = await call<TeachState>('/api/teach', json('POST', {}));
    if (body === null) return;
    session = body.session;
    screen.hidden = false;
    teachButton.hidden = true;
    await draw();
    poll();
  };
  const close = () => {
    screen.hidden = true;
    teachButton.hidden = false;
    session = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    void load();
  };
  // PALETTE presses on the seat panels capture on the companion: the screen catches up by polling.
  const poll = () => {
    timer = setTimeout(async () => {
      if (screen.hidden) return;
      const body = await ctx.api('/api/teach').then((r) => (r.ok ? (r.json() as Promise<TeachState>) : null)).catch(() => null);
      if (body !== null && !screen.hidden && body.session !== null && (body.session.last?.id !== session?.last?.id || body.session.current !== session?.current)) {
        session = body.session;
        await draw();
      }
      if (!screen.hidden) poll();
    }, POLL_MS);
  };
  const act = async (path: string, init: RequestInit) => {
    const body = await call<TeachState | { attempt: TeachAttempt }>(path, init);
    if (body === null) return;
    if ('session' in body) session = body.session;
    else {
      const fresh = await call<TeachState>('/api/teach');
      if (fresh !== null) session = fresh.session;
    }
    await draw();
  };
  const ask = (card: string) => act('/api/teach/current', json('PUT', { card }));
  const upload = h('input', { type: 'file', accept: 'image/*', capture: 'environment', testid: 'teach-upload', id: 'teach-upload' });
  upload.addEventListener('change', () => {
    const file = upload.files?.[0];
    if (file === undefined) return;
    void act('/api/teach/photo', { method: 'POST', headers: { 'Content-Type': file.type || 'application/octet-stream' }, body: file }).then(() => { upload.value = ''; });
  });

  const draw = async () => {
    const s = session;
    if (s === null) return close();
    const last = s.last;
    if (last !== null && photoUrl?.id !== last.id) {
      if (photoUrl?.url) URL.revokeObjectURL(photoUrl.url);
      photoUrl = { id: last.id, url: await imageUrl(ctx, '/api/teach/photo') };
    }
    const at = CARDS.indexOf(s.current);
    const capture = s.captures[s.current];
    const progress = h('progress', { max: 49, value: s.taught, testid: 'teach-progress', 'aria-label': `${s.taught} of 49 cards taught` });
    fill(screen,
      h('h3', {}, `Teaching “${s.name}”`),
      h('p', { class: 'teach-count', testid: 'teach-count' }, progress, ` ${s.taught} of 49 taught`, s.flagged.length > 0 ? `, ${s.flagged.length} to retake` : ''),
      h('div', { class: 'teach-ask', testid: 'teach-ask', 'data-card': s.current },
        cardView(s.current, { size: 'large', testid: 'teach-card' }),
        h('div', {},
          h('p', { class: 'teach-words' }, 'Lay ', h('strong', { testid: 'teach-card-words' }, `${cardWords(s.current)} (${s.current})`), ' alone on the tray, then tap Capture or press PALETTE on any seat panel.'),
          capture === undefined ? h('p', { class: 'meta' }, 'Not taught yet.')
            : capture.flagged ? h('p', { class: 'teach-flag', testid: 'teach-flag' }, `⚑ Retake: the companion read this photo as ${capture.read === null ? 'another card' : cardWords(capture.read)} (${Math.round(capture.confidence * 100)}%). Is the right card on the tray?`)
            : h('p', {}, '✓ Taught. Capture again to retake it.'))),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', testid: 'teach-capture', class: 'primary', onclick: () => void act('/api/teach/capture', { method: 'POST' }) }, 'Capture'),
        h('button', { type: 'button', testid: 'teach-prev', onclick: () => void ask(CARDS[(at + 48) % 49]!) }, '◀ Previous'),
        h('button', { type: 'button', testid: 'teach-skip', onclick: () => void ask(CARDS[(at + 1) % 49]!) }, 'Skip ▶'),
        h('label', { for: 'teach-upload', class: 'upload' }, 'Or upload a photo: ', upload)),
      last === null ? null : h('div', { class: 'teach-last', testid: 'teach-last', 'data-card': last.card, 'data-flagged': String(last.flagged), 'data-problem': last.problem ?? '' },
        outlinedFrame(photoUrl?.url ?? null, last.quad, last.frame, `The photo of ${cardWords(last.card)}`, 'teach-frame'),
        h('p', { testid: 'teach-last-words' }, last.problem !== null ? `✕ ${cardWords(last.card)}: ${last.problem.replace(/^the photo of [A-Z]\d /, '')} — retake it.`
          : last.flagged ? `⚑ ${cardWords(last.card)} flagged: read as ${last.read === null ? 'another card' : cardWords(last.read)}.`
          : `✓ ${cardWords(last.card)} taught${last.read === last.card ? ` (the base model agrees, ${Math.round(last.confidence * 100)}%)` : ''}.`)),
      h('h3', {}, 'Every card (tap one to teach it next)'),
      h('div', { class: 'teach-grid', testid: 'teach-grid' }, ...CARDS.map((c) => {
        const cap = s.captures[c];
        const state = cap === undefined ? 'untaught' : cap.flagged ? 'flagged' : 'taught';
        return h('button', {
          type: 'button', class: `teach-cell${c === s.current ? ' current' : ''}`, testid: `teach-cell-${c}`, 'data-state': state,
          'aria-current': c === s.current ? 'true' : undefined,
          onclick: () => void ask(c),
        }, cardView(c, { testid: `teach-cell-card-${c}` }), h('span', { class: 'mark', 'aria-hidden': 'true' }, CELL_MARK[state]),
        h('span', { class: 'sr-only' }, CELL_WORDS[state]));
      })),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', testid: 'teach-finish', onclick: async () => {
          const body = await call<{ deck: { name: string; cards: number } }>('/api/teach/finish', { method: 'POST' });
          if (body !== null) { ctx.store.set({ notice: { kind: 'info', text: `Deck “${body.deck.name}” taught (${body.deck.cards} cards) and in use.` } }); close(); }
        } }, 'Finish: use this deck'),
        h('button', { type: 'button', testid: 'teach-cancel', onclick: close }, 'Cancel (resume later)'),
        h('button', { type: 'button', testid: 'teach-discard', onclick: async () => { if ((await call('/api/teach', { method: 'DELETE' })) !== null) close(); } }, 'Discard')));
  };

  // A session left open (on this tablet or another) is offered for resuming.
  const base = load;
  const loadAll = async () => {
    await base();
    if (teachButton.hidden) return;
    const r = await ctx.api('/api/teach');
    const body = r.ok ? ((await r.json()) as TeachState) : null;
    teachButton.textContent = body?.session ? `Resume teaching “${body.session.name}” (${body.session.taught} of 49)` : 'Teach the companion your deck';
  };
  return { el, load: loadAll };
}
