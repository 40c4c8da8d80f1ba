// The virtual seat panel: per seat PALETTE, CANVAS, DRAW/DECK and DONE (hold 1.5 s to pass),
// and the shared UNDO — the same buttons as the real panel, sent down the same path.
import type { PublicView } from '../../../device/referee/types.ts';
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { virtualKeyCommand, type VirtualKey } from './panel-keys.ts';

/** How long DONE is held to pass (the real panel's long press, RULES.md §9). */
export const HOLD_MS = 1500;

function press(ctx: Ctx, seat: number, key: VirtualKey, kind: 'short' | 'long'): void {
  const view = ctx.store.state.view;
  if (view === null) return;
  const r = virtualKeyCommand(view, seat, key, kind, ctx.store.state.tray);
  if ('problem' in r) ctx.store.set({ notice: { kind: 'error', text: r.problem } });
  else void ctx.send(r.command);
}

/** A DONE button: a short press ends the turn, holding it passes. */
function doneButton(ctx: Ctx, seat: number, name: string): HTMLButtonElement {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let fired = false;
  const b = h('button', { type: 'button', class: 'key key-done', testid: `vp-${seat}-done`, 'aria-label': `Done for ${name} (hold 1.5 seconds to pass)` }, 'DONE');
  const start = (): void => {
    if (timer !== null) return;
    fired = false;
    b.classList.add('holding');
    timer = setTimeout(() => {
      fired = true;
      b.classList.remove('holding');
      press(ctx, seat, 'done', 'long');
    }, HOLD_MS);
  };
  const end = (cancel: boolean): void => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    b.classList.remove('holding');
    if (!fired && !cancel) press(ctx, seat, 'done', 'short');
  };
  b.addEventListener('pointerdown', (e) => { b.setPointerCapture?.(e.pointerId); start(); });
  // A long touch would otherwise open the phone's context menu instead of passing.
  b.addEventListener('contextmenu', (e) => e.preventDefault());
  b.addEventListener('pointerup', () => end(false));
  b.addEventListener('pointercancel', () => end(true));
  b.addEventListener('keydown', (e) => { if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) { e.preventDefault(); start(); } });
  b.addEventListener('keyup', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); end(false); } });
  return b;
}

/** Renders the panel rows for the given seats (all for the referee, one for a paired phone). */
export function renderVirtualPanel(el: HTMLElement, ctx: Ctx, view: PublicView, seats: number[], withUndo: boolean): void {
  const rows = seats.map((i) => {
    const name = view.players[i]?.name ?? `Seat ${i + 1}`;
    const key = (k: VirtualKey, label: string) => h('button', {
      type: 'button', class: `key key-${k}`, testid: `vp-${i}-${k}`, 'aria-label': `${label.replace('\u200b', '')} for ${name}`,
      onclick: () => press(ctx, i, k, 'short'),
    }, label);
    return h('div', { class: `vp-row${view.active === i ? ' active' : ''}`, testid: `vseat-${i}`, role: 'group', 'aria-label': `Seat ${i + 1} buttons: ${name}` },
      h('span', { class: 'led', 'aria-hidden': 'true' }, view.active === i ? '●' : '○'),
      h('span', { class: 'vp-name' }, name),
      key('palette', 'PALETTE'), key('canvas', 'CANVAS'), key('draw', 'DRAW/\u200bDECK'), doneButton(ctx, i, name));
  });
  fill(el,
    h('h2', {}, 'Seat panel'),
    ...rows,
    !withUndo ? null : h('button', { type: 'button', class: 'key key-undo', testid: 'vp-undo', 'aria-label': 'Undo the last accepted command', onclick: () => press(ctx, 0, 'undo', 'short') }, 'UNDO'));
}
