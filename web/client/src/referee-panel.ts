// The referee's controls: start a game, enter any play by hand, undo, next round, correct a
// misread (with the scanned photo and the top guesses), pair phones to seats, export the game.
import { standingCommands } from '../../../device/referee/standing.ts';
import type { PublicView } from '../../../device/referee/types.ts';
import type { ScanRecord } from '../../protocol.ts';
import { cardView } from './card-view.ts';
import { cardWords } from './colours.ts';
import { trayWords, type Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { download } from './games-list.ts';
import { LANGUAGE_NAMES } from './languages.ts';


/** The new-game form. */
export function newGameForm(ctx: Ctx): HTMLElement {
  const names = [0, 1, 2, 3].map((i) => h('input', {
    type: 'text', maxlength: 24, autocomplete: 'off', testid: `player-name-${i}`, id: `player-name-${i}`,
    placeholder: i < 2 ? 'required' : 'optional',
  }));
  const advanced = h('input', { type: 'checkbox', testid: 'opt-advanced', id: 'opt-advanced' });
  const actions = h('input', { type: 'checkbox', testid: 'opt-actions', id: 'opt-actions' });
  const language = h('select', { testid: 'opt-language', id: 'opt-language' },
    ...Object.entries(LANGUAGE_NAMES).map(([code, name]) => h('option', { value: code }, name)));
  let armed = false;
  const start = h('button', { type: 'submit', testid: 'start-game' }, 'Start new game');
  const form = h('form', { class: 'new-game', testid: 'new-game', 'aria-label': 'New game' },
    h('h2', {}, 'New game'),
    ...names.map((n, i) => h('label', { for: `player-name-${i}` }, `Seat ${i + 1}`, n)),
    h('label', { for: 'opt-advanced', class: 'check' }, advanced, 'Advanced game (scoring)'),
    h('label', { for: 'opt-actions', class: 'check' }, actions, 'Card actions (1, 3, 5, 7)'),
    h('label', { for: 'opt-language' }, 'Announcements in', language),
    start);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const phase = ctx.store.state.view?.phase;
    const running = phase === 'turn' || phase === 'setup' || phase === 'roundOver';
    // A running game is replaced by a new one: ask for a second press rather than a blocking dialog.
    if (running && !armed) {
      armed = true;
      start.textContent = 'Press again to replace the running game';
      setTimeout(() => { armed = false; start.textContent = 'Start new game'; }, 5000);
      return;
    }
    armed = false;
    start.textContent = 'Start new game';
    const players = names.map((n) => n.value.trim()).filter((n) => n !== '');
    void ctx.send({ type: 'newGame', players, advanced: advanced.checked, actions: actions.checked, language: language.value })
      .then((r) => { if (r.ok) window.scrollTo({ top: 0 }); });
  });
  return form;
}

const MANUAL_ACTIONS = [
  ['deal', 'Starting card (deal)'], ['palette', 'Play to palette'], ['canvas', 'Play to canvas'], ['endTurn', 'End turn'],
  ['pass', 'Pass'], ['draw', 'Draw'], ['discard-canvas', '7: palette card to canvas'], ['discard-deck', '7: palette card onto the deck'],
  ['take', '1: take a card from a palette'],
] as const;

/** The command the manual-entry form describes, or why it is incomplete. */
export function manualCommand(view: PublicView, seat: number, action: string, tray: string | null): Record<string, unknown> | string {
  const needsCard = ['deal', 'discard-canvas', 'discard-deck', 'take'].includes(action);
  if (needsCard && tray === null) return 'pick the card first';
  switch (action) {
    case 'deal': return { type: 'deal', seat, card: tray };
    case 'palette': return { type: 'play', seat, to: 'palette', ...(tray === null ? {} : { card: tray }) };
    case 'canvas': return { type: 'play', seat, to: 'canvas', ...(tray === null ? {} : { card: tray }) };
    case 'endTurn': return { type: 'endTurn', seat };
    case 'pass': return { type: 'pass', seat };
    case 'draw': return { type: 'draw', seat };
    case 'discard-canvas': return { type: 'discard', seat, card: tray, to: 'canvas' };
    case 'discard-deck': return { type: 'discard', seat, card: tray, to: 'deck' };
    case 'take': {
      const from = view.players.findIndex((p, i) => i !== seat && p.palette.includes(tray!));
      return from < 0 ? `${tray} is in no other player's palette` : { type: 'take', seat, from, card: tray };
    }
    default: return `unknown action ${action}`;
  }
}

/** Manual entry: any command for any seat, with the card on the tray. */
export function manualEntry(ctx: Ctx): { el: HTMLElement; update(view: PublicView): void } {
  const seat = h('select', { testid: 'manual-seat', id: 'manual-seat' });
  const action = h('select', { testid: 'manual-action', id: 'manual-action' }, ...MANUAL_ACTIONS.map(([v, label]) => h('option', { value: v }, label)));
  const cardLine = h('p', { class: 'meta', testid: 'manual-card' });
  const send = h('button', {
    type: 'button', testid: 'manual-send',
    onclick: () => {
      const view = ctx.store.state.view;
      if (view === null) return;
      const c = manualCommand(view, Number(seat.value), action.value, ctx.store.state.tray);
      if (typeof c === 'string') ctx.store.set({ notice: { kind: 'error', text: c } });
      else void ctx.send(c);
    },
  }, 'Send');
  const undo = h('button', { type: 'button', testid: 'undo', onclick: () => void ctx.send({ type: 'undo' }) }, 'Undo last');
  const next = h('button', { type: 'button', testid: 'next-round', onclick: () => void ctx.send({ type: 'nextRound' }) }, 'Next round');
  const el = h('section', { class: 'manual', testid: 'manual', 'aria-label': 'Manual entry' },
    h('h2', {}, 'Manual entry'),
    h('label', { for: 'manual-seat' }, 'Seat', seat),
    h('label', { for: 'manual-action' }, 'Action', action),
    cardLine,
    h('div', { class: 'buttons' }, send, undo, next));
  let names = '';
  const refreshTray = (): void => fill(cardLine, `Card: ${trayWords(ctx.store.state.tray)}`);
  ctx.store.subscribe((s, prev) => { if (s.tray !== prev.tray) refreshTray(); });
  refreshTray();
  return {
    el,
    update(view) {
      const now = view.players.map((p) => p.name).join('\n');
      if (now !== names) {
        names = now;
        const keep = seat.value;
        fill(seat, ...view.players.map((p, i) => h('option', { value: String(i) }, `${i + 1}: ${p.name}`)));
        if (keep !== '' && Number(keep) < view.players.length) seat.value = keep;
      }
      if (view.active !== null && document.activeElement !== seat) seat.value = String(view.active);
      next.hidden = view.phase !== 'roundOver';
    },
  };
}

interface ExportedCommand { seq: number; command: Record<string, unknown>; events?: Array<{ type?: unknown; invalidated?: unknown }> }

function describeCommand(view: PublicView, c: Record<string, unknown>): string {
  const who = typeof c.seat === 'number' ? view.players[c.seat]?.name ?? `Seat ${c.seat + 1}` : '';
  const card = typeof c.card === 'string' ? cardWords(c.card) : '?';
  switch (c.type) {
    case 'deal': return `${who} starts with ${card}`;
    case 'play': return `${who} plays ${card} to the ${String(c.to)}`;
    case 'discard': return `${who} sends ${card} to the ${String(c.to)} (7)`;
    case 'take': return `${who} takes ${card} (1)`;
    default: return String(c.type);
  }
}

/** Correcting a misread: pick an earlier card play, see its photo and guesses, send the right card. */
export function correctPanel(ctx: Ctx): HTMLElement {
  const list = h('div', { class: 'correct-list', testid: 'correct-list' });
  const detail = h('div', { class: 'correct-detail', testid: 'correct-detail' });
  const load = async (): Promise<void> => {
    const view = ctx.store.state.view;
    if (view?.game === null || view === null) return fill(list, 'No game yet.');
    const [exp, scans] = await Promise.all([ctx.api(`/api/games/${view.game}/export`), ctx.api('/api/scans')]);
    if (!exp.ok) return fill(list, `Could not load the game (${exp.status}).`);
    const journal = ((await exp.json()) as { commands: ExportedCommand[] }).commands;
    const records = scans.ok ? ((await scans.json()) as ScanRecord[]) : [];
    // Only plays that still stand: one taken back with UNDO or removed by a correction cannot be corrected.
    const plays = standingCommands(journal).filter((c) => typeof c.command.card === 'string').slice(-15).reverse();
    fill(list, ...(plays.length === 0 ? ['No card has been played yet.'] : plays.map((p) => h('button', {
      type: 'button', class: 'correct-pick', testid: `correct-pick-${p.seq}`,
      onclick: () => void choose(view, p, records.find((r) => r.seq === p.seq) ?? null),
    }, `#${p.seq}: ${describeCommand(view, p.command)}`))));
  };
  const choose = async (view: PublicView, p: ExportedCommand, scan: ScanRecord | null): Promise<void> => {
    let photo: HTMLElement | null = null;
    if (scan !== null) {
      const img = await ctx.api(`/api/scans/${scan.id}/image`);
      if (img.ok) photo = h('img', { src: URL.createObjectURL(await img.blob()), alt: `The photo scanned for play #${p.seq}`, class: 'scan-photo', testid: 'correct-photo' });
    }
    const guesses = scan === null ? [] : scan.alternatives.map((a) => h('button', {
      type: 'button', class: 'guess', testid: `guess-${a.card}`, 'aria-label': `Use ${cardWords(a.card)} (${Math.round(a.p * 100)}%)`,
      onclick: () => ctx.store.set({ tray: a.card }),
    }, cardView(a.card), ` ${Math.round(a.p * 100)}%`));
    fill(detail,
      h('p', {}, `Play #${p.seq}: ${describeCommand(view, p.command)}`),
      photo ?? h('p', { class: 'meta' }, 'No photo kept for this play (entered by hand or read by the table camera).'),
      guesses.length > 0 ? h('div', { class: 'guesses' }, 'Top guesses: ', ...guesses) : null,
      h('button', {
        type: 'button', testid: 'correct-send',
        onclick: async () => {
          const tray = ctx.store.state.tray;
          if (tray === null) return ctx.store.set({ notice: { kind: 'error', text: 'pick the right card first' } });
          const r = await ctx.send({ type: 'correct', seq: p.seq, card: tray });
          if (r.ok) { fill(detail); void load(); }
        },
      }, 'Replace with the picked card'));
  };
  return h('section', { class: 'correct', testid: 'correct', 'aria-label': 'Correct a misread' },
    h('h2', {}, 'Correct a misread'),
    h('button', { type: 'button', testid: 'correct-open', onclick: () => void load() }, 'Show recent card plays'),
    list, detail);
}

/** Pairing codes for phones, one per seat, and the game export. */
export function seatsAdmin(ctx: Ctx): { el: HTMLElement; update(view: PublicView): void } {
  const rows = h('div', { class: 'pairing' });
  const el = h('section', { class: 'admin', testid: 'pairing', 'aria-label': 'Pair phones and export' },
    h('h2', {}, 'Phones and export'), rows,
    h('button', {
      type: 'button', testid: 'export-game',
      onclick: async () => {
        const game = ctx.store.state.view?.game;
        if (game === null || game === undefined) return;
        const r = await ctx.api(`/api/games/${game}/export`);
        if (!r.ok) return ctx.store.set({ notice: { kind: 'error', text: `export failed (${r.status})` } });
        await download(r, `red7-game-${game}.json`);
      },
    }, 'Download this game (JSON)'));
  let names = '';
  return {
    el,
    update(view) {
      const now = view.players.map((p) => p.name).join('\n');
      if (now === names) return;
      names = now;
      fill(rows, ...view.players.map((p, i) => {
        const code = h('output', { testid: `pair-code-${i}`, 'aria-live': 'polite' });
        return h('p', {}, h('button', {
          type: 'button', testid: `pair-seat-${i}`,
          onclick: async () => {
            const r = await ctx.api('/api/pairings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seat: i }) });
            const body = (await r.json()) as { code?: string; error?: { message: string } };
            fill(code, r.ok ? ` Code for ${p.name}: ${body.code} (valid 10 minutes)` : ` ${body.error?.message ?? r.status}`);
          },
        }, `Pair a phone to ${p.name}`), code);
      }));
    },
  };
}
