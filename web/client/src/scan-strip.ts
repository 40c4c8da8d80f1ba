// What the camera saw (referee only): the last frames read, each with the located card's
// outline, the card read (value, name, letter, symbol), the confidence and the top three
// guesses. The newest refused frame is the rescan prompt: the frame, why it was refused (and
// what to do, when the reader can tell: a lamp's reflection), and the guesses to tap (a tapped
// guess goes onto the tray, as the banner's do).
import type { SeenFrame } from '../../../shared/decks.ts';
import { cardView } from './card-view.ts';
import { cardWords } from './colours.ts';
import type { Ctx } from './context.ts';
import { fill, h } from './dom.ts';
import { imageUrl, outlinedFrame, refusalWords } from './seen-frame.ts';

const POLL_MS = 1500;

function percent(p: number): string {
  return p < 0.005 ? '<1%' : `${Math.round(p * 100)}%`;
}

/** The guesses as buttons that put the card on the tray. */
function guessButtons(ctx: Ctx, frame: SeenFrame, prefix: string): HTMLElement {
  return h('div', { class: 'guesses', testid: `${prefix}-guesses-${frame.id}` }, frame.card === null ? 'Tap the right card: ' : 'Top guesses: ',
    ...frame.guesses.map((g) => h('button', {
      type: 'button', class: 'guess', testid: `${prefix}-guess-${frame.id}-${g.card}`,
      onclick: () => ctx.store.set({ tray: g.card }),
    }, h('span', { class: 'sr-only' }, 'Put on the tray: '), cardView(g.card, { testid: `${prefix}-guess-card-${frame.id}-${g.card}` }), ` ${percent(g.p)}`)));
}

/** The scan strip; `start()` polls while the referee is signed in, `stop()` ends it. */
export function scanStrip(ctx: Ctx): { el: HTMLElement; start(): void; stop(): void } {
  const prompt = h('div', { class: 'rescan-prompt', testid: 'rescan-prompt', role: 'status' });
  const strip = h('ol', { class: 'strip', testid: 'scan-strip-frames' });
  const el = h('section', { class: 'scan-strip', testid: 'scan-strip', 'aria-label': 'What the camera saw', hidden: true },
    h('h2', {}, 'What the camera saw'), prompt, strip,
    h('p', { class: 'meta', testid: 'scan-strip-empty' }, 'No frame read yet: lay a card on the tray and press PALETTE or CANVAS.'));
  const urls = new Map<number, string | null>();
  let frames: SeenFrame[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown = '';

  const render = () => {
    const key = frames.map((f) => f.id).join();
    if (key === shown) return;
    shown = key;
    el.querySelector('[data-testid="scan-strip-empty"]')!.toggleAttribute('hidden', frames.length > 0);
    const refused = frames[0]?.card === null ? frames[0] : undefined;
    fill(prompt, refused === undefined ? null : h('div', { class: 'rescan-box' },
      h('p', { class: 'warning' }, h('span', { class: 'tb-icon', 'aria-hidden': 'true' }, '⟳'), h('strong', {}, 'Scan again: '), refusalWords(refused.reason)),
      refused.detail === null ? null : h('p', { class: 'advice', testid: 'rescan-advice' }, refused.detail),
      outlinedFrame(urls.get(refused.id) ?? null, refused.quad, refused.frame, `The refused frame: ${refusalWords(refused.reason)}`, 'rescan-frame'),
      refused.guesses.length > 0 ? guessButtons(ctx, refused, 'rescan-prompt') : h('p', { class: 'meta' }, 'No guesses: lay the card flat and alone on the tray, then press the key again.')));
    fill(strip, ...frames.map((f) => h('li', { class: `seen${f.card === null ? ' refused' : ''}`, testid: `seen-${f.id}`, 'data-card': f.card ?? '', 'data-reason': f.reason ?? '' },
      outlinedFrame(urls.get(f.id) ?? null, f.quad, f.frame, f.card === null ? `A refused frame: ${refusalWords(f.reason)}` : `The frame read as ${cardWords(f.card)}`, `seen-frame-${f.id}`),
      h('div', { class: 'seen-read' },
        f.card === null ? h('p', { class: 'seen-refused' }, h('strong', {}, 'Refused: '), refusalWords(f.reason), f.detail === null ? null : h('span', { class: 'advice' }, ` — ${f.detail}`))
          : h('p', {}, cardView(f.card, { testid: `seen-card-${f.id}` }), h('strong', {}, ` ${cardWords(f.card)}`), ` · ${percent(f.confidence)} sure`),
        h('p', { class: 'meta' }, `${f.source === 'tray' ? 'Tray camera' : 'Uploaded photo'}, ${new Date(f.at).toLocaleTimeString()}${f.deck !== null ? `, deck “${f.deck}”` : ', base model'}`),
        f.guesses.length > 0 ? guessButtons(ctx, f, 'seen') : null))));
  };

  const poll = async () => {
    timer = null;
    try {
      const r = await ctx.api(`/api/seen`);
      const body = r.ok ? ((await r.json()) as { available: boolean; frames: SeenFrame[] }) : null;
      if (body !== null && body.available) {
        const next = body.frames;
        for (const f of next) if (!urls.has(f.id)) urls.set(f.id, await imageUrl(ctx, `/api/seen/${f.id}/frame`));
        // Frames that dropped off the strip give their memory back.
        for (const [id, url] of urls) if (!next.some((f) => f.id === id)) { if (url !== null) URL.revokeObjectURL(url); urls.delete(id); }
        frames = next;
        render();
      }
      // No classifier, no frames: the strip says so once and stops asking.
      if (r.status === 503 || body?.available === false) {
        unavailable = true;
        running = false;
        el.hidden = true;
      }
    } finally {
      if (running) timer = setTimeout(() => void poll(), POLL_MS);
    }
  };
  let running = false;
  let unavailable = false;
  return {
    el,
    start() {
      if (running || unavailable) return;
      running = true;
      el.hidden = false;
      void poll();
    },
    stop() {
      running = false;
      el.hidden = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
