// The table as everyone sees it: the canvas and its rule in words, every seat (palette with the
// counting cards marked, hand count, score, out, whose turn, who leads) and the round history.
import type { PublicView } from '../../../device/referee/types.ts';
import { cardView, starterView } from './card-view.ts';
import { cardWords, colourName, ruleWords } from './colours.ts';
import { fill, h } from './dom.ts';
import type { AppState } from './store.ts';

function pendingWords(view: PublicView): string | null {
  const p = view.pending;
  if (p === null || view.active === null) return null;
  const who = view.players[view.active]?.name ?? `Seat ${view.active + 1}`;
  if ('draw' in p) return `${who} may draw a card (canvas bonus)`;
  const what: Record<1 | 3 | 5 | 7, string> = {
    1: 'must take a card from a palette at least as large and put it on the deck (1)',
    3: 'must draw a card (3)',
    5: 'must play one more card to the palette (5)',
    7: 'must send a palette card to the canvas or onto the deck (7)',
  };
  return `${who} ${what[p.action]}`;
}

/** What the table does next, when the dashboard must say it: the deal, seat by seat. */
function nextStep(view: PublicView): string | null {
  if (view.phase !== 'setup') return null;
  const waiting = view.players.filter((p) => p.palette.length === 0).map((p) => p.name);
  if (waiting.length === 0) return null;
  return `Next: deal the starting card of ${waiting.join(', ')}. Pick the card (or lay it on the tray) and press that seat's PALETTE.`;
}

function phaseWords(view: PublicView): string {
  switch (view.phase) {
    case null: return 'No game yet';
    case 'setup': return `Round ${view.round}: dealing starting cards`;
    case 'turn': return `Round ${view.round}`;
    case 'roundOver': return `Round ${view.round} is over`;
    case 'gameOver': return 'Game over';
  }
}

/** Renders the canvas panel: the card on top, the cards under it, the deck, an owed action. */
export function renderCanvas(el: HTMLElement, view: PublicView): void {
  const top = view.canvas[view.canvas.length - 1];
  const pending = pendingWords(view);
  const next = nextStep(view);
  fill(el,
    h('h2', {}, 'Canvas'),
    h('div', { class: 'canvas-row' },
      top === undefined ? starterView() : cardView(top, { size: 'large', testid: 'canvas-top' }),
      h('div', { class: 'rule-box' },
        h('p', { class: 'meta' }, top === undefined ? 'The starter card: Red rules until a card is played to the canvas.' : `${cardWords(top)} on top: ${ruleWords(view.rule)}`),
        h('p', { class: 'meta', testid: 'deck' }, `Deck: ${view.deck} card${view.deck === 1 ? '' : 's'}`),
        pending === null ? null : h('p', { class: 'pending', testid: 'pending' }, pending),
        next === null ? null : h('p', { class: 'pending', testid: 'next-step' }, next))),
    view.canvas.length > 1
      ? h('p', { class: 'meta' }, `Under it: ${view.canvas.slice(0, -1).reverse().map(cardWords).join(', ')}, then the Red starter`)
      : null);
}

/** Renders one seat. */
function seatView(view: PublicView, i: number): HTMLElement {
  const p = view.players[i]!;
  const active = view.active === i;
  // Between rounds and at the end the banner names the winner; "leads" is for a round in play.
  const leads = view.leader === i && view.phase === 'turn';
  const counting = new Set(p.counting);
  const badges = [
    active ? h('span', { class: 'badge turn', testid: `seat-${i}-turn` }, '▶ Their turn') : null,
    leads ? h('span', { class: 'badge lead', testid: `seat-${i}-leader` }, '♕ Leads') : null,
    p.out ? h('span', { class: 'badge out', testid: `seat-${i}-out` }, '✕ Out') : null,
    view.winner === i ? h('span', { class: 'badge win' }, '♛ Winner') : null,
  ];
  return h('section', {
    class: `seat${active ? ' active' : ''}${p.out ? ' is-out' : ''}${leads ? ' leads' : ''}`,
    testid: `seat-${i}`,
    'aria-label': `Seat ${i + 1}: ${p.name}${active ? ', their turn' : ''}${leads ? ', leading' : ''}${p.out ? ', out of the round' : ''}`,
  },
  h('header', {}, h('h3', { testid: `seat-${i}-name` }, p.name), ...badges),
  h('p', { class: 'counts' },
    h('span', { testid: `seat-${i}-hand` }, `Hand: ${p.hand}`),
    view.advanced ? h('span', { testid: `seat-${i}-score` }, `Score: ${p.score}`) : null,
    h('span', {}, `Palette: ${p.palette.length}`),
    counting.size > 0 ? h('span', { class: 'meta' }, `${counting.size === 1 ? '1 card counts' : `${counting.size} cards count`} for ${colourName(view.rule)}`) : null),
  h('div', { class: 'palette', testid: `seat-${i}-palette`, role: 'group', 'aria-label': `${p.name}'s palette` },
    ...(p.palette.length === 0 ? [h('span', { class: 'meta' }, 'no cards yet')] : p.palette.map((c) => cardView(c, { counting: counting.has(c) })))),
  p.scored.length > 0 ? h('p', { class: 'meta' }, `Scored: ${p.scored.map(cardWords).join(', ')}`) : null);
}

/** Renders every seat. */
export function renderSeats(el: HTMLElement, view: PublicView): void {
  fill(el, ...view.players.map((_, i) => seatView(view, i)));
  el.dataset.count = String(view.players.length);
}

/** Renders the round history and the announcements heard on this screen. */
export function renderHistory(el: HTMLElement, state: AppState): void {
  const view = state.view;
  if (view === null) return fill(el);
  const rounds = view.rounds;
  const roundsTable = rounds.length === 0 ? h('p', { class: 'meta' }, 'No round finished yet.')
    : h('table', { testid: 'rounds' },
      h('caption', {}, 'Rounds'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Round'), h('th', { scope: 'col' }, 'Winner'), h('th', { scope: 'col' }, 'Last rule'), h('th', { scope: 'col' }, 'Scored'))),
      h('tbody', {}, ...rounds.map((r) => h('tr', {},
        h('td', {}, r.round), h('td', {}, view.players[r.winner]?.name ?? '?'), h('td', {}, colourName(r.rule)),
        h('td', {}, view.advanced ? `${r.points} (${r.scored.map(cardWords).join(', ')})` : '—')))));
  const log = state.log.slice(-12).reverse();
  fill(el,
    h('h2', {}, 'History'),
    roundsTable,
    h('h3', {}, 'Announcements'),
    h('ol', { class: 'log', testid: 'log', reversed: true }, ...log.map((l) => h('li', {}, l.text))));
}

/** The phase line in the header. */
export function phaseLine(view: PublicView | null): string {
  return view === null ? 'Connecting…' : phaseWords(view);
}
