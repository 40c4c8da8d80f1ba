// The card picker: all 49 cards by colour and value. The picked card is the "tray" that the
// virtual panel and manual entry play, so a game can be refereed with no camera at all.
import { COLOUR_LETTERS, COLOURS } from '../../../device/rules/cards.ts';
import { cardView } from './card-view.ts';
import { colourName } from './colours.ts';
import type { Ctx } from './context.ts';
import { trayWords } from './context.ts';
import { fill, h } from './dom.ts';

/** Builds the picker; it follows the store's tray. */
export function cardPicker(ctx: Ctx): HTMLElement {
  const tray = h('p', { class: 'tray', testid: 'tray', 'aria-live': 'polite' });
  const buttons = new Map<string, HTMLButtonElement>();
  const rows = COLOURS.map((colour, ci) => h('div', { class: 'pick-row', role: 'group', 'aria-label': colourName(colour) },
    ...[1, 2, 3, 4, 5, 6, 7].map((v) => {
      const card = `${COLOUR_LETTERS[ci]}${v}`;
      const b = h('button', {
        type: 'button', class: 'pick', testid: `pick-${card}`, 'aria-pressed': 'false',
        onclick: () => ctx.store.set({ tray: ctx.store.state.tray === card ? null : card }),
      }, cardView(card, { testid: `picker-card-${card}` })); // named by its card: "Red 1", pressed when on the tray
      buttons.set(card, b);
      return b;
    })));
  const clear = h('button', { type: 'button', testid: 'tray-clear', onclick: () => ctx.store.set({ tray: null }) }, 'Clear');
  const update = (): void => {
    const t = ctx.store.state.tray;
    fill(tray, 'Card on the tray: ', h('strong', {}, trayWords(t)));
    for (const [card, b] of buttons) b.setAttribute('aria-pressed', String(card === t));
  };
  ctx.store.subscribe((s, prev) => { if (s.tray !== prev.tray) update(); });
  update();
  return h('section', { class: 'picker', testid: 'card-picker', 'aria-label': 'Card picker' },
    h('h2', {}, 'Pick a card'), h('div', { class: 'tray-line' }, tray, clear), ...rows);
}
