// A player's phone after pairing: their seat's private view (hand cards the companion knows),
// their own panel buttons, and the camera: identify a card privately — a colour-blind player
// can check a hand card without asking the table — or scan it as a play.
import type { PrivateView, ScanAnswer } from '../../protocol.ts';
import { cardView } from './card-view.ts';
import { cardWords } from './colours.ts';
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';

/** The seat's own panel. */
export function phonePanel(ctx: Ctx): { el: HTMLElement; update(view: PrivateView): void } {
  const title = h('h2', { testid: 'my-seat-title' });
  const known = h('div', { class: 'palette', testid: 'known-hand' });
  const result = h('p', { testid: 'identify-result', 'aria-live': 'assertive' });
  const file = h('input', { type: 'file', accept: 'image/*', capture: 'environment', testid: 'photo-file', id: 'photo-file' });
  const to = h('select', { testid: 'photo-to', id: 'photo-to' },
    h('option', { value: 'identify' }, 'Only tell me the card'), h('option', { value: 'palette' }, 'Play it to my palette'), h('option', { value: 'canvas' }, 'Play it to the canvas'));
  let seat = 0;
  file.addEventListener('change', async () => {
    const photo = file.files?.[0];
    if (photo === undefined) return;
    const path = to.value === 'identify' ? `/api/identify?seat=${seat}` : `/api/scan?seat=${seat}&to=${to.value}`;
    const r = await ctx.api(path, { method: 'POST', headers: { 'Content-Type': photo.type || 'application/octet-stream' }, body: photo });
    const body = (await r.json().catch(() => null)) as (ScanAnswer & { card?: string | null }) | null;
    file.value = '';
    if (body === null) return fill(result, `The companion answered ${r.status}.`);
    const read = 'scan' in body && body.scan !== undefined ? body.scan.card : body.card ?? null;
    const alts = 'scan' in body && body.scan !== undefined ? body.scan.alternatives : (body as unknown as { alternatives?: Array<{ card: string; p: number }> }).alternatives ?? [];
    if (!body.ok) {
      const guesses = alts.length === 0 ? '' : ` Best guesses: ${alts.map((a) => `${cardWords(a.card)} (${Math.round(a.p * 100)}%)`).join(', ')}.`;
      return fill(result, `${body.error.message}.${guesses}`);
    }
    fill(result, read === null ? 'Read.' : `This card is ${cardWords(read)}.`);
  });
  const el = h('section', { class: 'phone', testid: 'my-seat', 'aria-label': 'My seat' },
    title,
    h('h3', {}, 'Hand cards the companion knows'), known,
    h('h3', {}, 'Camera'),
    h('label', { for: 'photo-to' }, 'With the photo', to),
    h('label', { for: 'photo-file' }, 'Take or choose a photo of one card', file),
    result);
  return {
    el,
    update(view) {
      seat = view.seat;
      const p = view.players[view.seat];
      fill(title, `You are ${p?.name ?? `seat ${view.seat + 1}`} (seat ${view.seat + 1})`);
      fill(known, ...(view.knownHand.length === 0 ? [h('span', { class: 'meta' }, 'None: the companion does not see your hand.')] : view.knownHand.map((c) => cardView(c))));
    },
  };
}
