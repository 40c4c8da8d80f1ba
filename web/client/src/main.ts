// The dashboard's entry: lays out the page, connects to the companion and redraws on every
// update. Watchers see the table; the referee also gets the controls; a paired phone gets its
// seat's private view and buttons.
import './styles.css';
import type { PrivateView, ServerMessage } from '../../protocol.ts';
import { accountPanel } from './account.ts';
import { phaseLine, renderCanvas, renderHistory, renderSeats } from './board.ts';
import { applyTheme } from './colours.ts';
import { Connection } from './connection.ts';
import { makeCtx } from './context.ts';
import { fill, h } from './dom.ts';
import { gamesList } from './games-list.ts';
import { phonePanel } from './phone.ts';
import { cardPicker } from './picker.ts';
import { correctPanel, manualEntry, newGameForm, seatsAdmin } from './referee-panel.ts';
import { renderScores } from './scores.ts';
import { scanStrip } from './scan-strip.ts';
import { deckPanel } from './teach-panel.ts';
import { hush, speak } from './speech.ts';
import { loadCredential, loadSettings, saveCredential, saveSettings, Store, type AppState } from './store.ts';
import { settingsPanel } from './settings-panel.ts';
import { renderTableBanner } from './table-banner.ts';
import { renderVirtualPanel } from './virtual-panel.ts';
import { keepAwake } from './wake-lock.ts';

const store = new Store({
  view: null, role: { role: 'watcher', seat: null }, status: 'connecting', log: [], tray: null, notice: null, settings: loadSettings(), rescan: null, serverNotice: null,
});
let live = false;

const conn = new Connection({
  status: (status) => store.set({ status }),
  message: (m) => received(m),
}, loadCredential);
const ctx = makeCtx(store, conn, () => conn.reconnect());

function received(m: ServerMessage): void {
  switch (m.type) {
    case 'hello':
      live = false;
      store.set({ role: { role: m.role, seat: m.seat } });
      return;
    case 'auth':
      store.set({ role: { role: m.role, seat: m.seat } });
      return;
    case 'snapshot':
      live = true;
      store.set({ view: m.view, rescan: m.view.warning?.code === 'scan/rescan' ? store.state.rescan : null });
      return;
    case 'resumed':
      live = true;
      return;
    case 'update': {
      const log = [...store.state.log, ...m.announcements.map((text) => ({ seq: m.seq, text }))].slice(-50);
      const unsure = m.events.find((e) => e.type === 'rescanNeeded');
      const rescan = unsure !== undefined && unsure.type === 'rescanNeeded' ? { seat: unsure.seat, alternatives: unsure.alternatives }
        : m.view.warning?.code === 'scan/rescan' ? store.state.rescan : null;
      store.set({ view: m.view, log, rescan });
      if (live) speak(m.announcements, m.view.language, store.state.settings.muted, store.state.settings.speechRate);
      return;
    }
    case 'error':
      // A stored credential the server no longer knows (a seat unpaired, the PIN changed) is forgotten.
      if (m.error.code === 'auth/invalid') saveCredential(null);
      store.set({ notice: { kind: 'error', text: `${m.error.message} (${m.error.code})` } });
      return;
    case 'notice':
      store.set({ serverNotice: m.text });
      return;
    case 'result':
    case 'pong':
      return;
  }
}

// ---- layout ----
const phase = h('span', { class: 'phase', testid: 'phase' });
const connection = h('span', { class: 'conn', testid: 'connection', role: 'status' });
const mute = h('button', { type: 'button', testid: 'mute', 'aria-pressed': 'false', onclick: () => toggle('muted') }, 'Mute');
const contrast = h('button', { type: 'button', testid: 'high-contrast', 'aria-pressed': 'false', onclick: () => toggle('highContrast') }, 'High contrast');
const banner = h('section', { class: 'banner', testid: 'banner', 'aria-label': 'The table at a glance' });
const scores = h('section', { class: 'scores panel', testid: 'scores-panel', 'aria-label': 'Scores' });
const canvas = h('section', { class: 'canvas panel', testid: 'canvas', 'aria-label': 'Canvas' });
const seats = h('div', { class: 'seats', testid: 'seats' });
const history = h('section', { class: 'history panel', testid: 'history', 'aria-label': 'History' });
const vpanel = h('section', { class: 'vpanel panel', testid: 'virtual-panel', 'aria-label': 'Seat panel' });
const picker = cardPicker(ctx);
const manual = manualEntry(ctx);
const newGame = newGameForm(ctx);
const correct = correctPanel(ctx);
const admin = seatsAdmin(ctx);
const account = accountPanel(ctx);
const phone = phonePanel(ctx);
const games = gamesList(ctx);
const strip = scanStrip(ctx);
const decks = deckPanel(ctx);
for (const el of [picker, manual.el, newGame, correct, admin.el, phone.el, account.el, games.el, strip.el, decks.el]) el.classList.add('panel');

const side = h('aside', { class: 'side', testid: 'controls', 'aria-label': 'Controls' }, phone.el, vpanel, picker, manual.el, newGame, correct, decks.el, admin.el, games.el, account.el, settingsPanel(store));
document.body.append(
  h('header', { class: 'top' },
    h('h1', {}, 'Red7'), phase, connection, h('span', { class: 'spacer' }), mute, contrast),
  banner,
  h('main', { class: 'layout' }, h('div', { class: 'table' }, canvas, strip.el, seats, scores, history), side),
);

function toggle(key: 'muted' | 'highContrast'): void {
  const settings = { ...store.state.settings, [key]: !store.state.settings[key] };
  saveSettings(settings);
  store.set({ settings });
}

function render(s: AppState, prev: AppState | null): void {
  if (prev === null || s.settings !== prev.settings) {
    applyTheme(document.documentElement, s.settings.highContrast);
    document.documentElement.dataset.size = s.settings.largeText ? 'large' : 'normal';
    mute.setAttribute('aria-pressed', String(s.settings.muted));
    contrast.setAttribute('aria-pressed', String(s.settings.highContrast));
  }
  fill(connection, s.status === 'open' ? '● Connected' : s.status === 'connecting' ? '◌ Connecting…' : '✕ Offline, retrying');
  connection.dataset.status = s.status;
  const view = s.view;
  fill(phase, phaseLine(view));
  renderTableBanner(banner, s, live, (card) => store.set({ tray: card }));
  const referee = s.role.role === 'referee';
  const seat = s.role.role === 'seat' ? s.role.seat : null;
  for (const el of [manual.el, newGame, correct, admin.el, games.el, decks.el]) el.hidden = !referee;
  if (referee && prev?.role.role !== 'referee') {
    void games.load();
    void decks.load();
    strip.start();
  }
  if (!referee) strip.stop();
  document.body.dataset.role = s.role.role;
  picker.hidden = !(referee || seat !== null);
  phone.el.hidden = seat === null;
  account.update();
  if (view === null) return;
  if (view !== prev?.view || s.role !== prev?.role) {
    renderCanvas(canvas, view);
    renderSeats(seats, view);
    renderHistory(history, s);
    renderScores(scores, view);
    if (referee && view.phase === 'gameOver' && prev?.view?.phase !== 'gameOver') void games.load();
    const panelSeats = referee ? view.players.map((_, i) => i) : seat !== null && seat < view.players.length ? [seat] : [];
    vpanel.hidden = panelSeats.length === 0;
    vpanel.classList.toggle('has-active', view.active !== null && view.phase === 'turn');
    renderVirtualPanel(vpanel, ctx, view, panelSeats, referee);
    if (referee) {
      manual.update(view);
      admin.update(view);
    }
    if (seat !== null && 'knownHand' in view) phone.update(view as PrivateView);
    keepAwake(view.phase === 'turn' || view.phase === 'setup' || view.phase === 'roundOver');
    // Tests and the first-render benchmark wait on these.
    document.body.dataset.seq = String(view.seq);
    document.body.dataset.game = String(view.game ?? '');
    if (document.body.dataset.ready !== 'true') performance.mark('red7-first-render');
    document.body.dataset.ready = 'true';
  }
}

// The score chart is drawn to the width it gets.
window.addEventListener('resize', () => { if (store.state.view !== null) renderScores(scores, store.state.view); });

store.subscribe((s, prev) => {
  if (s.settings.muted && !prev.settings.muted) hush();
  render(s, prev);
});
render(store.state, null);
conn.open();

if ('serviceWorker' in navigator && (location.protocol === 'https:' || ['localhost', '127.0.0.1'].includes(location.hostname))) {
  // Service workers need a secure context; on a plain-http LAN address the page still works, uninstalled.
  void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
}
