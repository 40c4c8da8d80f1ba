// The banner read from across the table: the rule (name, letter, symbol, what it asks) and who
// leads and why, in the biggest type on the page; whose turn it is, set apart from the lead; and
// one line for what needs the table's attention — an illegal play until it is resolved (with
// its reason, an icon and a sound), the hint before DONE, the end of a round or game.
import { COLOUR_LETTERS, COLOURS, RULE_DESCRIPTIONS } from '../../../device/rules/cards.ts';
import { alertSound } from './alert-sound.ts';
import { cardView } from './card-view.ts';
import { cardWords, colourName, SYMBOLS } from './colours.ts';
import { fill, h, icon } from './dom.ts';
import type { AppState } from './store.ts';
import { leaderWords, notWinningHint, outcomeWords, turnMarks, turnName } from './table-words.ts';

interface Parts {
  rule: HTMLElement;
  leader: HTMLElement;
  turn: HTMLElement;
  alert: HTMLElement;
  status: HTMLElement;
  announcement: HTMLElement;
  notice: HTMLElement;
}
const made = new WeakMap<HTMLElement, Parts>();
// Where the current turn started, to tell whether its player has played yet.
let turnStart: { turn: string; played: string } | null = null;

/** The banner's lead-in, unless the referee's message (in the table's language) already says it. */
function warningPrefix(code: string, message: string): string {
  const words = code.startsWith('scan/') ? 'Scan again' : 'Illegal play';
  return message.toLowerCase().startsWith(words.toLowerCase()) ? '' : `${words}: `;
}

function mayPlayFor(state: AppState, seat: number): boolean {
  return state.role.role === 'referee' || (state.role.role === 'seat' && state.role.seat === seat);
}

/** Keeps a part's content unless its key changed, so live regions announce only what is new. */
function keyed(el: HTMLElement, key: string, build: () => Array<Node | string | null>): boolean {
  if (el.dataset.key === key) return false;
  el.dataset.key = key;
  fill(el, ...build());
  return true;
}

/** Renders the banner; a tapped rescan guess goes onto the tray. */
export function renderTableBanner(el: HTMLElement, state: AppState, live: boolean, onGuess: (card: string) => void): void {
  let parts = made.get(el);
  if (parts === undefined) {
    // Live regions must outlive their content for screen readers to announce changes.
    parts = {
      rule: h('p', { class: 'tb-rule', testid: 'rule' }),
      leader: h('p', { class: 'tb-leader', testid: 'leader' }),
      turn: h('p', { class: 'tb-turn', testid: 'turn' }),
      alert: h('div', { class: 'tb-alert', role: 'alert' }),
      status: h('div', { class: 'tb-status', role: 'status' }),
      announcement: h('p', { class: 'announcement', testid: 'announcement', 'aria-live': 'polite' }),
      notice: h('div', { role: 'status' }),
    };
    fill(el, h('div', { class: 'tb-main' }, parts.rule, parts.leader), parts.turn, parts.alert, parts.status, parts.announcement, parts.notice);
    made.set(el, parts);
  }
  const view = state.view;
  const rule = view?.rule ?? 'red';
  const letter = COLOUR_LETTERS[COLOURS.indexOf(rule)]!;
  keyed(parts.rule, view === null || view.phase === null ? '' : rule, () => view === null || view.phase === null ? ['No game yet'] : [
    h('span', { class: `tb-chip c-${rule}`, 'aria-hidden': 'true' }, icon(`sym-${SYMBOLS[rule]}`, 'sym'), letter),
    h('span', { class: 'tb-label' }, 'Rule '), h('strong', {}, colourName(rule)), ` — ${RULE_DESCRIPTIONS[rule]}`,
  ]);
  const leads = view === null || view.phase === null ? '' : leaderWords(view);
  const decided = view?.phase === 'roundOver' || view?.phase === 'gameOver';
  const lead = decided ? '♛ ' : view?.leader === null ? '' : '♕ Leads: ';
  keyed(parts.leader, `${lead}${leads}`, () => leads === '' ? [] : [h('span', { class: 'tb-label' }, lead), leads]);
  const turn = view === null ? null : turnName(view);
  parts.turn.hidden = turn === null;
  keyed(parts.turn, turn ?? '', () => turn === null ? [] : ['▶ Turn: ', h('strong', {}, turn)]);

  const warning = view?.warning ?? null;
  const guesses = warning?.code === 'scan/rescan' && state.rescan !== null && state.rescan.alternatives.length > 0 && mayPlayFor(state, state.rescan.seat)
    ? state.rescan.alternatives.slice(0, 3) : [];
  const warningKey = warning === null ? '' : `${warning.code}|${warning.message}|${guesses.map((a) => a.card).join()}|${state.role.role}`;
  const fresh = keyed(parts.alert, warningKey, () => warning === null ? [] : [
    h('p', { class: 'warning', testid: 'warning' },
      h('span', { class: 'tb-icon', 'aria-hidden': 'true' }, warning.code.startsWith('scan/') ? '⟳' : '⚠'),
      h('strong', {}, warningPrefix(warning.code, warning.message)), warning.message),
    guesses.length === 0 ? null
      : h('div', { class: 'guesses', testid: 'rescan-guesses' }, 'Top guesses — tap the right card, then press the key again: ',
        ...guesses.map((a) => h('button', {
          type: 'button', class: 'guess', testid: `rescan-guess-${a.card}`, 'aria-label': `It is ${cardWords(a.card)} (${Math.round(a.p * 100)}%)`,
          onclick: () => onGuess(a.card),
        }, cardView(a.card), ` ${Math.round(a.p * 100)}%`))),
  ]);
  if (fresh && warning !== null && live) {
    alertSound(state.settings.muted);
    document.body.dataset.alertSounds = String(Number(document.body.dataset.alertSounds ?? 0) + 1);
  }
  el.classList.toggle('has-warning', warning !== null);

  // One status line at a time: the companion's own notice (the demo is over), the end of a
  // round or game, or the hint before DONE while no warning is shown.
  let played = false;
  if (view !== null) {
    const marks = turnMarks(view);
    if (turnStart?.turn !== marks.turn) turnStart = marks;
    played = marks.played !== turnStart.played;
  }
  const hint = view === null || warning !== null ? null : notWinningHint(view, played);
  const outcome = view === null ? null : outcomeWords(view);
  const line = state.serverNotice !== null ? { kind: 'server-notice', icon: 'ℹ', text: state.serverNotice }
    : outcome !== null ? { kind: 'outcome', icon: '♛', text: outcome }
    : hint !== null ? { kind: 'hint', icon: '☞', text: hint } : null;
  keyed(parts.status, line === null ? '' : `${line.kind}|${line.text}`, () => line === null ? []
    : [h('p', { class: `tb-line ${line.kind}`, testid: line.kind }, h('span', { class: 'tb-icon', 'aria-hidden': 'true' }, line.icon), line.text)]);

  const text = view?.announcement ?? 'Waiting for a game to start.';
  if (parts.announcement.textContent !== text) parts.announcement.textContent = text;
  // A refusal the banner already shows as the table's warning is not repeated as a local notice.
  const notice = state.notice === null || (warning !== null && state.notice.text.endsWith(`(${warning.code})`)) ? null : state.notice;
  keyed(parts.notice, notice === null ? '' : `${notice.kind}|${notice.text}`, () => notice === null ? []
    : [h('p', { class: `notice ${notice.kind}`, testid: 'notice' }, notice.text)]);
}
