import { describe, expect, it } from 'vitest';
import { keyToCommand, type CardScanner, type ScanResult } from '../../../../device/hardware/panel/key-commands.ts';
import type { PanelKeyEvent } from '../../../../device/hardware/panel/key-event.ts';
import type { PublicView } from '../../../../device/referee/types.ts';

/** A public view as the referee publishes it (RULES.md §9), seat 1 to play. */
function view(overrides: Partial<PublicView> = {}): PublicView {
  const player = (name: string, palette: string[]) => ({ name, palette, hand: 5, out: false, score: 0, scored: [], counting: [] });
  return {
    game: 1, seq: 4, phase: 'turn', round: 1, rule: 'red', canvas: [], active: 1, leader: 0,
    leaderReason: null, deck: 20, pending: null, winner: null, advanced: false, actions: true, language: 'en',
    target: null, players: [player('Ann', ['R3', 'G4']), player('Ben', ['B2']), player('Cy', ['O6'])],
    rounds: [], announcement: null, warning: null,
    ...overrides,
  };
}

/** A scanner that answers from a list and records which seats it scanned for. */
function scanner(...answers: Array<ScanResult | Error>): CardScanner & { seats: number[] } {
  const seats: number[] = [];
  return {
    seats,
    async scan(seat: number) {
      seats.push(seat);
      const a = answers.shift();
      if (a === undefined) throw new Error('no scan expected');
      if (a instanceof Error) throw a;
      return a;
    },
  };
}

const press = (seat: PanelKeyEvent['seat'], key: PanelKeyEvent['key'], p: PanelKeyEvent['press'] = 'short'): PanelKeyEvent =>
  ({ seat, key, press: p, seq: 1, at: 0 });
const ids = () => 'x';
const cmd = (fields: object) => ({ kind: 'command', command: { ...fields, source: 'panel', id: 'panel-x' } });

describe('keyToCommand', () => {
  it('scans and plays to the palette on PALETTE', async () => {
    const s = scanner({ card: 'B4' });
    expect(await keyToCommand(press(1, 'palette'), view(), s, ids)).toEqual(cmd({ type: 'play', seat: 1, to: 'palette', card: 'B4' }));
    expect(s.seats).toEqual([1]);
  });

  it('scans and plays to the canvas on CANVAS', async () => {
    expect(await keyToCommand(press(1, 'canvas'), view(), scanner({ card: 'O5' }), ids))
      .toEqual(cmd({ type: 'play', seat: 1, to: 'canvas', card: 'O5' }));
  });

  it('sends the scanned palette card to the canvas while the 7\'s action is pending', async () => {
    expect(await keyToCommand(press(1, 'canvas'), view({ pending: { action: 7 } }), scanner({ card: 'B2' }), ids))
      .toEqual(cmd({ type: 'discard', seat: 1, card: 'B2', to: 'canvas' }));
  });

  it('ends the turn on a short DONE and passes on a long one', async () => {
    expect(await keyToCommand(press(1, 'done'), view(), scanner(), ids)).toEqual(cmd({ type: 'endTurn', seat: 1 }));
    expect(await keyToCommand(press(1, 'done', 'long'), view(), scanner(), ids)).toEqual(cmd({ type: 'pass', seat: 1 }));
  });

  it('draws on DRAW/DECK while the 3\'s action or the canvas bonus is pending', async () => {
    expect(await keyToCommand(press(1, 'draw'), view({ pending: { action: 3 } }), scanner(), ids)).toEqual(cmd({ type: 'draw', seat: 1 }));
    expect(await keyToCommand(press(1, 'draw'), view({ pending: { draw: 'bonus' } }), scanner(), ids)).toEqual(cmd({ type: 'draw', seat: 1 }));
  });

  it('puts the scanned palette card on the deck on DRAW/DECK while the 7\'s action is pending', async () => {
    expect(await keyToCommand(press(1, 'draw'), view({ pending: { action: 7 } }), scanner({ card: 'B2' }), ids))
      .toEqual(cmd({ type: 'discard', seat: 1, card: 'B2', to: 'deck' }));
  });

  it('takes the scanned card from the seat whose palette holds it while the 1\'s action is pending', async () => {
    expect(await keyToCommand(press(1, 'draw'), view({ pending: { action: 1 } }), scanner({ card: 'O6' }), ids))
      .toEqual(cmd({ type: 'take', seat: 1, from: 2, card: 'O6' }));
  });

  it('refuses a take of a card no other palette holds, naming the card', async () => {
    const r = await keyToCommand(press(1, 'draw'), view({ pending: { action: 1 } }), scanner({ card: 'B2' }), ids);
    expect(r).toMatchObject({ kind: 'ignored', seat: 1, code: 'panel/not-in-a-palette', message: expect.stringContaining('B2') });
  });

  it('makes nothing of DRAW/DECK with nothing pending', async () => {
    expect(await keyToCommand(press(1, 'draw'), view(), scanner(), ids)).toMatchObject({ kind: 'ignored', code: 'panel/nothing-to-draw' });
    expect(await keyToCommand(press(1, 'draw'), view({ pending: { action: 5 } }), scanner(), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/nothing-to-draw' });
  });

  it('undoes on UNDO whoever is to play', async () => {
    expect(await keyToCommand(press(null, 'undo'), view({ active: 2 }), scanner(), ids)).toEqual(cmd({ type: 'undo' }));
  });

  it('answers "not your turn" for another seat\'s key, without scanning', async () => {
    const s = scanner({ card: 'B4' });
    expect(await keyToCommand(press(0, 'palette'), view(), s, ids)).toEqual({ kind: 'notYourTurn', seat: 0, active: 1 });
    expect(s.seats).toEqual([]);
  });

  it('answers a rescan when the scanner cannot read the card', async () => {
    expect(await keyToCommand(press(1, 'palette'), view(), scanner({ rescan: 'blurred' }), ids))
      .toEqual({ kind: 'rescan', seat: 1, reason: 'blurred' });
  });

  it('reads the referee scanner\'s rescan shape too ({rescan: true, reason})', async () => {
    const refereeStyle = { scan: async () => ({ rescan: true, reason: 'low-confidence' }) } as unknown as CardScanner;
    expect(await keyToCommand(press(1, 'canvas'), view(), refereeStyle, ids)).toEqual({ kind: 'rescan', seat: 1, reason: 'low-confidence' });
  });

  it('answers a failed scan when the scanner throws or names no card', async () => {
    expect(await keyToCommand(press(1, 'palette'), view(), scanner(new Error('camera gone')), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/scan-failed', message: expect.stringContaining('camera gone') });
    expect(await keyToCommand(press(1, 'palette'), view(), scanner({ card: 'X9' }), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/scan-failed', message: expect.stringContaining('X9') });
  });

  it('deals a seat\'s starting card, scanned from the tray, on that seat\'s PALETTE during the deal', async () => {
    const dealing = view({ phase: 'setup', active: null, players: view().players.map((p) => ({ ...p, palette: [] })) });
    const s = scanner({ card: 'G6' });
    expect(await keyToCommand(press(2, 'palette'), dealing, s, ids)).toEqual(cmd({ type: 'deal', seat: 2, card: 'G6' }));
    expect(s.seats).toEqual([2]);
    expect(await keyToCommand(press(2, 'palette'), dealing, scanner({ rescan: 'blurred' }), ids)).toMatchObject({ kind: 'rescan', seat: 2 });
    expect(await keyToCommand(press(0, 'canvas'), dealing, scanner(), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/dealing', message: expect.stringContaining('PALETTE') });
  });

  it('makes nothing of seat keys when no turn is being played', async () => {
    expect(await keyToCommand(press(1, 'done'), view({ phase: 'roundOver', active: null }), scanner(), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/no-turn' });
  });

  it('makes nothing of seat keys before the first game', async () => {
    expect(await keyToCommand(press(0, 'palette'), view({ phase: null, active: null, players: [] }), scanner(), ids))
      .toMatchObject({ kind: 'ignored', code: 'panel/no-turn', message: 'no turn is being played (phase no game)' });
  });

  it('answers a view it cannot use with a clear reason instead of throwing', async () => {
    const r = await keyToCommand(press(1, 'done'), { phase: 'turn', active: 'one' }, scanner(), ids);
    expect(r).toMatchObject({ kind: 'ignored', code: 'panel/bad-view', message: expect.stringContaining('active') });
  });

  it('answers an event that is not a key event with a clear reason', async () => {
    const r = await keyToCommand({ seat: 9, key: 'jump' } as unknown as PanelKeyEvent, view(), scanner(), ids);
    expect(r).toMatchObject({ kind: 'ignored', code: 'panel/bad-event' });
  });

  it('gives every command source "panel" and a unique id', async () => {
    const a = await keyToCommand(press(1, 'done'), view(), scanner());
    const b = await keyToCommand(press(1, 'done'), view(), scanner());
    if (a.kind !== 'command' || b.kind !== 'command') throw new Error('expected commands');
    expect(a.command.source).toBe('panel');
    expect(a.command.id).toMatch(/^panel-/);
    expect(a.command.id).not.toBe(b.command.id);
  });
});
