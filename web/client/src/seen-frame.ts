// A camera frame with the located card's outline drawn over it (an SVG polygon in the frame's
// own pixels), fetched with this device's credential: the frames show the table's cards, so
// they are the referee's only and an <img src> alone could not carry the credential.
import type { Ctx } from './context.ts';
import { h } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';

/** Why a read was refused, in a player's words. */
export const REFUSAL_WORDS: Record<string, string> = {
  'low-confidence': 'not sure enough of the card',
  'no-card': 'no card found in the frame',
  'several-cards': 'more than one card in the frame',
  'not-an-image': 'the frame is not a photo',
};

/** "no card found in the frame (low-confidence)"-style words for a refusal code. */
export function refusalWords(reason: string | null): string {
  return reason === null ? '' : `${REFUSAL_WORDS[reason] ?? reason} (${reason})`;
}

/** Fetches an image with the credential and gives it an object URL (revoked when the element goes). */
export async function imageUrl(ctx: Ctx, path: string): Promise<string | null> {
  const r = await ctx.api(path);
  return r.ok ? URL.createObjectURL(await r.blob()) : null;
}

/** The frame at `url` with the outline of `quad` (frame pixels) drawn on it. */
export function outlinedFrame(url: string | null, quad: Array<[number, number]> | null, size: { width: number; height: number } | null, alt: string, testid: string): HTMLElement {
  const fig = h('div', { class: 'seen-frame', testid });
  fig.append(url === null ? h('span', { class: 'meta' }, 'frame no longer kept') : h('img', { src: url, alt }));
  if (quad !== null && size !== null && url !== null) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${size.width} ${size.height}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('data-testid', `${testid}-outline`);
    // Two strokes, dark under light, so the outline shows on any cloth and any card colour.
    for (const cls of ['under', 'over']) {
      const poly = document.createElementNS(SVG, 'polygon');
      poly.setAttribute('points', quad.map(([x, y]) => `${x},${y}`).join(' '));
      poly.setAttribute('class', cls);
      poly.setAttribute('vector-effect', 'non-scaling-stroke');
      svg.append(poly);
    }
    fig.append(svg);
  }
  return fig;
}
