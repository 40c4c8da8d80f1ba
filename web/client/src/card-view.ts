// One card on screen: its value, its colour's name and letter, and the colour's symbol. A card
// that counts for the current rule gets a heavy outline and the word "counts" under it — a
// shape and a word, not a hue, and no tick that could be read as "winning".
import { colourName, colourOfCard, SYMBOLS } from './colours.ts';
import { h, icon } from './dom.ts';

/** A card element for a card in R7 notation. */
export function cardView(card: string, opts: { counting?: boolean; size?: 'small' | 'large'; testid?: string } = {}): HTMLElement {
  const colour = colourOfCard(card);
  const name = `${colourName(colour)} ${card.slice(1)}`;
  const el = h('span', {
    class: `card c-${colour}${opts.counting === true ? ' counting' : ''}${opts.size === 'large' ? ' large' : ''}`,
    role: 'img',
    'aria-label': opts.counting === true ? `${name}, counts for the rule` : name,
    title: name,
    testid: opts.testid ?? `card-${card}`,
    'data-card': card,
    'data-counting': opts.counting === true ? 'true' : 'false',
  },
  h('span', { class: 'v' }, card.slice(1)),
  icon(`sym-${SYMBOLS[colour]}`, 'sym'),
  h('span', { class: 'l' }, card[0]!),
  h('span', { class: 'n' }, colourName(colour)));
  if (opts.counting !== true) return el;
  return h('span', { class: 'counted' }, el, h('span', { class: 'counts-tag', 'aria-hidden': 'true' }, 'counts'));
}

/** The "You are playing Red" starter card, which is no deck card: no value, Red's letter and symbol. */
export function starterView(): HTMLElement {
  return h('span', { class: 'card c-red starter large', role: 'img', 'aria-label': 'Starter card: Red, highest card', testid: 'starter-card' },
    h('span', { class: 'v' }, 'R'), icon('sym-circle', 'sym'), h('span', { class: 'n' }, 'Red start'));
}
