// The table as everyone sees it: the canvas and its rule in words, the leader and why, every
// seat (palette with the counting cards marked, hand count, score, in or out, whose turn), the
// last announcement and any warning, the round history and the advanced score table.
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

/** Renders the canvas panel. */
export function renderCanvas(el: HTMLElement, view: PublicView): void {
  const top = view.canvas[view.canvas.length - 1];
  const leader = view.leader === null ? null : view.players[view.leader];
  const pending = pendingWords(view);
  const next = nextStep(view);
  fill(el,
    h('h2', {}, 'Canvas'),
    h('div', { class: 'canvas-row' },
      top === undefined ? starterView() : cardView(top, { size: 'large', testid: 'canvas-top' }),
      h('div', { class: 'rule-box' },
        h('p', { class: 'rule', testid: 'rule' }, `Rule: ${ruleWords(view.rule)}`),
        h('p', { class: 'leader', testid: 'leader' },
          leader === undefined || leader === null ? 'Nobody is winning'
          : `Leader: ${leader.name}${view.leaderReason === null ? '' : ` — ${view.leaderReason.count} ${view.leaderReason.count === 1 ? 'card that counts' : 'cards that count'}, best ${cardWords(view.leaderReason.best)}`}`),
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
  const leads = view.leader === i;
  const counting = new Set(p.counting);
  const badges = [
    active ? h('span', { class: 'badge turn', testid: `seat-${i}-turn` }, '▶ Their turn') : null,
    leads ? h('span', { class: 'badge lead', testid: `seat-${i}-leader` }, '★ Leading') : null,
    p.out ? h('span', { class: 'badge out', testid: `seat-${i}-out` }, '✕ Out') : h('span', { class: 'badge in' }, '● In'),
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
    h('span', { testid: `seat-${i}-score` }, `Score: ${p.score}`),
    h('span', {}, `Palette: ${p.palette.length}`)),
  h('div', { class: 'palette', testid: `seat-${i}-palette`, 'aria-label': `${p.name}'s palette` },
    ...(p.palette.length === 0 ? [h('span', { class: 'meta' }, 'no cards yet')] : p.palette.map((c) => cardView(c, { counting: counting.has(c) })))),
  p.scored.length > 0 ? h('p', { class: 'meta' }, `Scored: ${p.scored.map(cardWords).join(', ')}`) : null);
}

/** Renders every seat. */
export function renderSeats(el: HTMLElement, view: PublicView): void {
  fill(el, ...view.players.map((_, i) => seatView(view, i)));
  el.dataset.count = String(view.players.length);
}

/** Renders the round history and the advanced score table. */
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
  const scores = !view.advanced ? null
    : h('table', { testid: 'scores' },
      h('caption', {}, `Score${view.target === null ? '' : ` — first to ${view.target}`}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), ...rounds.map((r) => h('th', { scope: 'col' }, `R${r.round}`)), h('th', { scope: 'col' }, 'Total'))),
      h('tbody', {}, ...view.players.map((p, i) => h('tr', {},
        h('th', { scope: 'row' }, p.name),
        ...rounds.map((r) => h('td', {}, r.winner === i ? String(r.points) : '·')),
        h('td', { testid: `score-total-${i}` }, String(p.score))))));
  const log = state.log.slice(-12).reverse();
  fill(el,
    h('h2', {}, 'History'),
    roundsTable,
    scores,
    h('h3', {}, 'Announcements'),
    h('ol', { class: 'log', testid: 'log', reversed: true }, ...log.map((l) => h('li', {}, l.text))));
}

/** The banner's lead-in, unless the referee's message (in the table's language) already says it. */
function warningPrefix(code: string, message: string): string {
  const rescan = code.startsWith('scan/');
  const words = rescan ? 'Scan again' : 'Illegal play';
  return message.toLowerCase().startsWith(words.toLowerCase()) ? (rescan ? '⟳ ' : '⚠ ') : `${rescan ? '⟳' : '⚠'} ${words}: `;
}

function mayPlayFor(state: AppState, seat: number): boolean {
  return state.role.role === 'referee' || (state.role.role === 'seat' && state.role.seat === seat);
}

interface BannerParts { announcement: HTMLElement; alert: HTMLElement; status: HTMLElement }
const bannerParts = new WeakMap<HTMLElement, BannerParts>();

/** Renders the announcement and the warning banner; a tapped guess goes onto the tray. */
export function renderBanner(el: HTMLElement, state: AppState, onGuess: (card: string) => void = () => undefined): void {
  // Live regions must outlive their content for screen readers to announce changes: the three
  // containers are made once, and only their text is replaced.
  let parts = bannerParts.get(el);
  if (parts === undefined) {
    parts = {
      announcement: h('p', { class: 'announcement', testid: 'announcement', 'aria-live': 'polite' }),
      alert: h('div', { role: 'alert', class: 'alerts' }),
      status: h('div', { role: 'status' }),
    };
    fill(el, parts.announcement, parts.alert, parts.status);
    bannerParts.set(el, parts);
  }
  const view = state.view;
  const text = view?.announcement ?? 'Waiting for a game to start.';
  if (parts.announcement.textContent !== text) parts.announcement.textContent = text;
  const warning = view?.warning ?? null;
  const key = warning === null ? '' : `${warning.code}|${warning.message}|${state.rescan?.alternatives.map((a) => a.card).join() ?? ''}|${state.role.role}`;
  if (parts.alert.dataset.key !== key) {
    parts.alert.dataset.key = key;
    fill(parts.alert,
      warning === null ? null
        : h('p', { class: 'warning', testid: 'warning' },
          h('strong', {}, warningPrefix(warning.code, warning.message)),
          warning.message),
      warning?.code === 'scan/rescan' && state.rescan !== null && state.rescan.alternatives.length > 0 && mayPlayFor(state, state.rescan.seat)
        ? h('div', { class: 'guesses', testid: 'rescan-guesses' }, 'Top guesses — tap the right card, then press the key again: ',
          ...state.rescan.alternatives.slice(0, 3).map((a) => h('button', {
            type: 'button', class: 'guess', testid: `rescan-guess-${a.card}`, 'aria-label': `It is ${cardWords(a.card)} (${Math.round(a.p * 100)}%)`,
            onclick: () => onGuess(a.card),
          }, cardView(a.card), ` ${Math.round(a.p * 100)}%`)))
        : null);
  }
  // A refusal the banner already shows as the table's warning is not repeated as a local notice.
  const notice = state.notice === null || (warning !== null && state.notice.text.endsWith(`(${warning.code})`)) ? null : state.notice;
  const noticeKey = notice === null ? '' : `${notice.kind}|${notice.text}`;
  if (parts.status.dataset.key !== noticeKey) {
    parts.status.dataset.key = noticeKey;
    fill(parts.status, notice === null ? null : h('p', { class: `notice ${notice.kind}`, testid: 'notice' }, notice.text));
  }
}

/** The phase line in the header. */
export function phaseLine(view: PublicView | null): string {
  return view === null ? 'Connecting…' : phaseWords(view);
}
