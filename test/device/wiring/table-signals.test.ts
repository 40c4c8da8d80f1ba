import { describe, expect, it } from 'vitest';
import type { PublicView, RefereeUpdate } from '../../../device/referee/types.ts';
import { playUpdate, seatLeds } from '../../../device/wiring/table-signals.ts';

const view = (active: number | null, players = 3) =>
  ({ active, language: 'de', players: Array.from({ length: players }, () => ({})) }) as unknown as PublicView;
const update = (active: number | null, events: RefereeUpdate['events'] = [], announcements: string[] = []): RefereeUpdate =>
  ({ seq: 1, events, announcements, view: view(active) });

describe('what the table sees and hears after an update', () => {
  it('lights the active seat and darkens the others and the empty seats', () => {
    expect(seatLeds(update(1))).toEqual([['0', 'OFF'], ['1', 'ON'], ['2', 'OFF'], ['3', 'OFF']]);
  });

  it('blinks the seat whose play was refused or must be scanned again', () => {
    const flagged = update(1, [{ type: 'illegalPlay', seat: 1, code: 'canvas/not-winning', message: '' }]);
    expect(seatLeds(flagged)[1]).toEqual(['1', 'BLINK']);
  });

  it('signals the events the Pi has signals for and speaks each announcement in the table’s language', () => {
    const leds: string[] = [];
    const signals: string[] = [];
    const spoken: string[] = [];
    playUpdate(update(0, [{ type: 'leaderChanged', leader: 0, previous: 1 }, { type: 'turnStarted', seat: 0 }], ['Ann führt.']), {
      panel: { setLed: (t, m) => leds.push(`${t}:${m}`) },
      gpio: { signal: (e) => signals.push(e) },
      speaker: { speak: (text, lang) => spoken.push(`${lang}:${text}`) },
    });
    expect(leds).toEqual(['0:ON', '1:OFF', '2:OFF', '3:OFF']);
    expect(signals).toEqual(['leaderChanged']);
    expect(spoken).toEqual(['de:Ann führt.']);
  });

  it('keeps going when one output fails', () => {
    const spoken: string[] = [];
    const warnings: string[] = [];
    playUpdate(update(0, [], ['hello']), {
      panel: { setLed: () => { throw new Error('unplugged'); } },
      speaker: { speak: (text) => spoken.push(text) },
      logger: { warn: (_o: unknown, m: string) => warnings.push(m) } as never,
    });
    expect(spoken).toEqual(['hello']);
    expect(warnings.length).toBe(4);
  });
});
