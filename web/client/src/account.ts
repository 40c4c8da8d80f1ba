// Signing in: the referee types the PIN; a player types the pairing code the referee's screen
// shows, which the server exchanges for a seat token. Either is kept on this device.
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { saveCredential } from './store.ts';

/** The sign-in and pairing forms, and sign-out. */
export function accountPanel(ctx: Ctx): { el: HTMLElement; update(): void } {
  const message = h('p', { class: 'meta', testid: 'account-message', 'aria-live': 'polite' });
  const pin = h('input', { type: 'password', inputmode: 'numeric', autocomplete: 'off', testid: 'pin-input', id: 'pin-input' });
  const signIn = h('form', { testid: 'sign-in-form', 'aria-label': 'Referee sign-in' },
    h('label', { for: 'pin-input' }, 'Referee PIN', pin),
    h('button', { type: 'submit', testid: 'pin-submit' }, 'Sign in as referee'));
  signIn.addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = await fetch('/api/whoami', { headers: { Authorization: `Bearer ${pin.value.trim()}` } });
    const body = (await r.json().catch(() => ({}))) as { role?: string; error?: { message: string } };
    if (!r.ok || body.role !== 'referee') return fill(message, body.error?.message ?? 'that is not the referee PIN');
    saveCredential(pin.value.trim());
    pin.value = '';
    fill(message, '');
    ctx.signedIn();
  });
  const code = h('input', { type: 'text', autocomplete: 'off', maxlength: 16, testid: 'pair-input', id: 'pair-input', autocapitalize: 'characters' });
  const pair = h('form', { testid: 'pair-form', 'aria-label': 'Pair this phone to a seat' },
    h('label', { for: 'pair-input' }, 'Pairing code from the referee', code),
    h('button', { type: 'submit', testid: 'pair-submit' }, 'Pair this device to my seat'));
  pair.addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = await fetch('/api/pair', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: code.value.trim() }) });
    const body = (await r.json().catch(() => ({}))) as { token?: string; error?: { message: string } };
    if (!r.ok || body.token === undefined) return fill(message, body.error?.message ?? `pairing failed (${r.status})`);
    saveCredential(body.token);
    code.value = '';
    fill(message, '');
    ctx.signedIn();
  });
  const signOut = h('button', { type: 'button', testid: 'sign-out', onclick: () => { saveCredential(null); ctx.signedIn(); } }, 'Sign out');
  const who = h('p', { testid: 'who-am-i' });
  const el = h('section', { class: 'account', testid: 'account', 'aria-label': 'Sign in' }, h('h2', {}, 'Sign in'), who, signIn, pair, signOut, message);
  return {
    el,
    update() {
      const role = ctx.store.state.role;
      const view = ctx.store.state.view;
      const seatName = role.seat === null ? '' : view?.players[role.seat]?.name ?? `seat ${role.seat + 1}`;
      fill(who, role.role === 'referee' ? 'Signed in as the referee.' : role.role === 'seat' ? `Paired to ${seatName} (seat ${role.seat! + 1}).` : 'Watching (no sign-in).');
      signIn.hidden = role.role === 'referee';
      pair.hidden = role.role !== 'watcher';
      signOut.hidden = role.role === 'watcher';
    },
  };
}
