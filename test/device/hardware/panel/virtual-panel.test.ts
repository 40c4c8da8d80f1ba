import { describe, expect, it } from 'vitest';
import { VirtualPanel } from '../../../../device/hardware/panel/virtual-panel.ts';
import { routePanelKeys } from '../../../../device/table-inputs/key-router.ts';
import type { PanelOutcome } from '../../../../device/table-inputs/key-commands.ts';

describe('VirtualPanel', () => {
  it('emits a key event for a press from the dashboard, numbered like the board', async () => {
    const panel = new VirtualPanel();
    const keys: unknown[] = [];
    panel.on('key', (k) => keys.push(k));
    await panel.start();
    expect(panel.press(2, 'canvas')).toMatchObject({ ok: true });
    expect(panel.press(null, 'undo')).toMatchObject({ ok: true });
    expect(keys).toEqual([
      { seat: 2, key: 'canvas', press: 'short', seq: 1, at: expect.any(Number) },
      { seat: null, key: 'undo', press: 'short', seq: 2, at: expect.any(Number) },
    ]);
  });

  it('refuses presses the board could not make, saying why', async () => {
    const panel = new VirtualPanel();
    expect(panel.press(0, 'palette')).toEqual({ ok: false, error: 'the virtual panel is not started' });
    await panel.start();
    expect(panel.press(4, 'palette')).toEqual({ ok: false, error: 'seat must be 0, 1, 2 or 3' });
    expect(panel.press(1, 'undo')).toEqual({ ok: false, error: 'UNDO is shared: its seat is null' });
    expect(panel.press(1, 'palette', 'long')).toEqual({ ok: false, error: 'only DONE has a long press (pass)' });
    expect(panel.press(1, 'jump')).toMatchObject({ ok: false, error: expect.stringContaining('palette, canvas') });
  });

  it('keeps the LED state and tells the dashboard about each change', async () => {
    const panel = new VirtualPanel();
    const changes: string[] = [];
    panel.onLedChange((t, m) => changes.push(`${t}=${m}`));
    panel.setLed('3', 'BLINK');
    expect(panel.leds['3']).toBe('BLINK');
    expect(changes).toEqual(['3=BLINK']);
    expect(() => panel.setLed('X' as never, 'ON')).toThrow(TypeError);
  });

  it('feeds the same key router as the board', async () => {
    const panel = new VirtualPanel();
    const outcomes: PanelOutcome[] = [];
    routePanelKeys(panel, {
      view: () => ({ phase: 'turn', active: 0, pending: null, players: [{ palette: [] }, { palette: [] }] }),
      scanner: { scan: async () => ({ card: 'Y2' }) },
      onOutcome: (o) => { outcomes.push(o); },
    });
    await panel.start();
    panel.press(0, 'done', 'long');
    await new Promise((r) => setTimeout(r, 10));
    expect(outcomes).toMatchObject([{ kind: 'command', command: { type: 'pass', seat: 0, source: 'panel' } }]);
    await panel.stop();
    expect(panel.phase).toBe('closed');
  });
});
