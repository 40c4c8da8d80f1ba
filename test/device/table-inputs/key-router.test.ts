import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { routePanelKeys } from '../../../device/table-inputs/key-router.ts';
import type { PanelKeyEvent } from '../../../device/hardware/panel/key-event.ts';
import type { PanelOutcome } from '../../../device/table-inputs/key-commands.ts';

const view = {
  phase: 'turn', active: 0, pending: null,
  players: [{ palette: ['R1'] }, { palette: ['B2'] }],
};
const press = (seat: PanelKeyEvent['seat'], key: PanelKeyEvent['key'], seq: number): PanelKeyEvent =>
  ({ seat, key, press: 'short', seq, at: 0 });

describe('routePanelKeys', () => {
  it('answers presses in the order they came, even when a scan is slow', async () => {
    const source = new EventEmitter<{ key: [PanelKeyEvent] }>();
    const outcomes: PanelOutcome[] = [];
    let release!: () => void;
    const slowScan = new Promise<void>((r) => { release = r; });
    routePanelKeys(source, {
      view: () => view,
      scanner: { scan: async () => { await slowScan; return { card: 'G3' }; } },
      onOutcome: (o) => { outcomes.push(o); },
    });
    source.emit('key', press(0, 'palette', 1));
    source.emit('key', press(null, 'undo', 2));
    source.emit('key', press(1, 'done', 3));
    await new Promise((r) => setTimeout(r, 10));
    expect(outcomes).toEqual([]);
    release();
    await new Promise((r) => setTimeout(r, 10));
    expect(outcomes.map((o) => (o.kind === 'command' ? o.command.type : o.kind))).toEqual(['play', 'undo', 'notYourTurn']);
  });

  it('goes on with the next press when the outcome handler throws, and stops when unsubscribed', async () => {
    const source = new EventEmitter<{ key: [PanelKeyEvent] }>();
    const seen: number[] = [];
    const stop = routePanelKeys(source, {
      view: () => view,
      scanner: { scan: async () => ({ card: 'G3' }) },
      onOutcome: (_o, e) => {
        seen.push(e.seq);
        if (e.seq === 1) throw new Error('handler bug');
      },
    });
    source.emit('key', press(0, 'done', 1));
    source.emit('key', press(0, 'done', 2));
    await new Promise((r) => setTimeout(r, 10));
    stop();
    source.emit('key', press(0, 'done', 3));
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([1, 2]);
  });
});
