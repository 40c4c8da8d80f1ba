// Scorekeeping to look at: the advanced game's scores round by round, a chart of each player's
// running score against the target line, and the summary at game over. Every line of the chart
// carries its player's name, its own marker shape and dash pattern: never a hue alone.
import type { PublicView } from '../../../device/referee/types.ts';
import { cardWords } from './colours.ts';
import { fill, h } from './dom.ts';
import { runningScores } from './table-words.ts';

/** The score table: points won in each round and the total, one row per player. */
function scoreTable(view: PublicView): HTMLElement {
  const running = runningScores(view);
  return h('table', { class: 'score-table', testid: 'scores' },
    h('caption', {}, `Score${view.target === null ? '' : ` — first to ${view.target}`}`),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'),
      ...view.rounds.map((r) => h('th', { scope: 'col' }, h('abbr', { title: `Round ${r.round}` }, `R${r.round}`))),
      h('th', { scope: 'col' }, 'Total'))),
    h('tbody', {}, ...view.players.map((p, i) => h('tr', {},
      h('th', { scope: 'row' }, p.name),
      ...view.rounds.map((r, k) => h('td', { testid: `score-${i}-r${r.round}` },
        r.winner === i ? h('strong', {}, `+${r.points}`) : '·', h('span', { class: 'meta running' }, ` (${running[i]![k + 1]})`))),
      h('td', { testid: `score-total-${i}` }, String(p.score))))));
}

const SVG = 'http://www.w3.org/2000/svg';
function s(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

// Four players at most: four dash patterns and four marker shapes, told apart in grey alone.
const DASHES = ['', '10 5', '3 4', '12 4 3 4'];
const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;

function marker(kind: (typeof MARKERS)[number], x: number, y: number, r: number): SVGElement {
  switch (kind) {
    case 'circle': return s('circle', { cx: x, cy: y, r });
    case 'square': return s('rect', { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8 });
    case 'triangle': return s('path', { d: `M${x} ${y - r * 1.15} L${x + r * 1.15} ${y + r} L${x - r * 1.15} ${y + r} Z` });
    case 'diamond': return s('path', { d: `M${x} ${y - r * 1.15} L${x + r * 1.15} ${y} L${x} ${y + r * 1.15} L${x - r * 1.15} ${y} Z` });
  }
}

/** The race to the target: each player's running score per round, the target as a dotted line; drawn to the width it gets. */
export function scoreChart(view: PublicView, width: number): SVGElement {
  const running = runningScores(view);
  const rounds = view.rounds.length;
  const top = Math.max(view.target ?? 0, ...running.flat(), 1);
  const W = Math.round(Math.min(Math.max(width, 320), 720)), H = Math.round(W * 0.5), L = 36, R = 96, T = 24, B = 32;
  // Players' points sit a few pixels apart on the round's line, so equal scores do not hide each other.
  const x = (k: number, i = -1): number => L + ((W - L - R) * k) / Math.max(rounds, 1) + (i < 0 ? 0 : (i - (view.players.length - 1) / 2) * 5);
  const y = (v: number): number => T + (H - T - B) * (1 - v / top);
  const title = `Running score by round${view.target === null ? '' : `, target ${view.target}`}: ${view.players.map((p, i) => `${p.name} ${running[i]!.slice(1).join(', ') || 0}`).join('; ')}`;
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'score-chart', role: 'img', 'aria-label': title, 'data-testid': 'score-chart' });
  svg.append(s('title', {}, title));
  const axis = s('g', { class: 'axis' });
  axis.append(s('line', { x1: L, y1: y(0), x2: W - R, y2: y(0) }), s('line', { x1: L, y1: T, x2: L, y2: y(0) }));
  for (let k = 0; k <= rounds; k++) axis.append(s('text', { x: x(k), y: H - 12, 'text-anchor': 'middle' }, k === 0 ? 'start' : `R${k}`));
  for (const v of [0, Math.round(top / 2), top]) axis.append(s('text', { x: L - 6, y: y(v) + 5, 'text-anchor': 'end' }, String(v)));
  svg.append(axis);
  if (view.target !== null) {
    svg.append(s('line', { x1: L, y1: y(view.target), x2: W - R, y2: y(view.target), class: 'target' }),
      s('text', { x: L + 6, y: y(view.target) - 7, class: 'target-label' }, `target ${view.target}`));
  }
  // End labels are nudged apart so two players on the same score stay readable.
  const labelY: number[] = [];
  view.players.forEach((p, i) => {
    const pts = running[i]!.map((v, k) => `${x(k, i)},${y(v)}`).join(' ');
    const g = s('g', { class: `series series-${i}`, 'data-testid': `score-line-${i}` });
    g.append(s('polyline', { points: pts, 'stroke-dasharray': DASHES[i % 4]!, fill: 'none' }));
    running[i]!.forEach((v, k) => g.append(marker(MARKERS[i % 4]!, x(k, i), y(v), W < 500 ? 4 : 6)));
    let ly = y(running[i]![rounds]!) + 5;
    while (labelY.some((o) => Math.abs(o - ly) < 16)) ly += 16;
    labelY.push(ly);
    g.append(s('text', { x: x(rounds) + 10, y: ly, class: 'series-label' }, `${p.name} ${p.score}`));
    svg.append(g);
  });
  return svg;
}

/** At game over: the winner, each player's score, rounds won and the cards they scored. */
function summary(view: PublicView): HTMLElement {
  const winner = view.winner === null ? null : view.players[view.winner]?.name ?? null;
  return h('div', { class: 'summary', testid: 'game-summary' },
    h('h3', {}, `♛ ${winner === null ? 'Game over' : `${winner} wins`} after ${view.rounds.length} round${view.rounds.length === 1 ? '' : 's'}`),
    h('table', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Score'), h('th', { scope: 'col' }, 'Rounds won'), h('th', { scope: 'col' }, 'Cards scored'))),
      h('tbody', {}, ...view.players.map((p, i) => h('tr', { class: view.winner === i ? 'winner' : '' },
        h('th', { scope: 'row' }, `${view.winner === i ? '♛ ' : ''}${p.name}`),
        h('td', {}, view.advanced ? String(p.score) : '—'),
        h('td', {}, String(view.rounds.filter((r) => r.winner === i).length)),
        h('td', {}, p.scored.length === 0 ? '—' : p.scored.map(cardWords).join(', ')))))));
}

/** The score table in a region of its own that scrolls sideways on a narrow screen (and takes focus to). */
function wideTable(view: PublicView): HTMLElement {
  return h('div', { class: 'wide', role: 'region', 'aria-label': 'Score by round', tabindex: 0 }, scoreTable(view));
}

/** Renders the scores panel; hidden in a basic game until it is over. */
export function renderScores(el: HTMLElement, view: PublicView): void {
  const over = view.phase === 'gameOver';
  el.hidden = !view.advanced && !over;
  if (el.hidden) return fill(el);
  fill(el,
    h('h2', {}, over ? 'Game summary' : 'Scores'),
    over ? summary(view) : null,
    view.advanced ? wideTable(view) : null,
    view.advanced && view.rounds.length > 0
      ? h('figure', { class: 'chart' }, scoreChart(view, el.clientWidth - 32), h('figcaption', { class: 'meta' }, 'Running score after each round; the dotted line is the target.'))
      : null);
}
