import { describe, expect, it } from 'vitest';
import type { PublicView } from '../../../device/referee/types.ts';
import { keyMeaning } from '../../../device/table-inputs/meaning.ts';
import { VIRTUAL_KEYS, virtualKeyCommand } from '../../../web/client/src/panel-keys.ts';
import { manualCommand } from '../../../web/client/src/referee-panel.ts';

function view(pending: PublicView['pending'], active = 1): PublicView {
  const player = (name: string, palette: string[]) => ({ name, palette, hand: 5, out: false, score: 0, scored: [], counting: [] });
  return {
    game: 1, seq: 9, phase: 'turn', round: 1, rule: 'red', canvas: [], active, leader: 0, leaderReason: null, deck: 20,
    pending, winner: null, advanced: false, actions: true, language: 'en', target: null,
    players: [player('Ann', ['R5', 'G3']), player('Ben', ['B2']), player('Cy', ['Y4'])],
    rounds: [], announcement: null, warning: null,
  };
}

describe('the virtual seat panel', () => {
  it('plays the tray card to the palette or the canvas', () => {
    expect(virtualKeyCommand(view(null), 1, 'palette', 'short', 'O6')).toEqual({ command: { type: 'play', seat: 1, to: 'palette', card: 'O6' } });
    expect(virtualKeyCommand(view(null), 1, 'canvas', 'short', 'O6')).toEqual({ command: { type: 'play', seat: 1, to: 'canvas', card: 'O6' } });
  });

  it('deals the seat\'s starting card on PALETTE during the deal, the picked one or the camera\'s', () => {
    const dealing = { ...view(null, 0), phase: 'setup' as const, active: null };
    expect(virtualKeyCommand(dealing, 2, 'palette', 'short', 'G6')).toEqual({ command: { type: 'deal', seat: 2, card: 'G6' } });
    expect(virtualKeyCommand(dealing, 2, 'palette', 'short', null)).toEqual({ command: { type: 'deal', seat: 2 } });
    expect(virtualKeyCommand(dealing, 2, 'done', 'short', null)).toMatchObject({ problem: expect.stringContaining('PALETTE') });
  });

  it('leaves the card to the camera when nothing is on the tray', () => {
    expect(virtualKeyCommand(view(null), 1, 'palette', 'short', null)).toEqual({ command: { type: 'play', seat: 1, to: 'palette' } });
  });

  it('ends the turn on a short DONE and passes on a long one', () => {
    expect(virtualKeyCommand(view(null), 1, 'done', 'short', null)).toEqual({ command: { type: 'endTurn', seat: 1 } });
    expect(virtualKeyCommand(view(null), 1, 'done', 'long', null)).toEqual({ command: { type: 'pass', seat: 1 } });
  });

  it('sends the 7\'s palette card to the canvas on CANVAS and onto the deck on DRAW/DECK', () => {
    expect(virtualKeyCommand(view({ action: 7 }), 1, 'canvas', 'short', 'B2')).toEqual({ command: { type: 'discard', seat: 1, card: 'B2', to: 'canvas' } });
    expect(virtualKeyCommand(view({ action: 7 }), 1, 'draw', 'short', 'B2')).toEqual({ command: { type: 'discard', seat: 1, card: 'B2', to: 'deck' } });
    expect(virtualKeyCommand(view({ action: 7 }), 1, 'draw', 'short', null)).toHaveProperty('problem');
  });

  it('draws for the 3 and the canvas bonus, and takes for the 1 from the palette holding the card', () => {
    expect(virtualKeyCommand(view({ action: 3 }), 1, 'draw', 'short', null)).toEqual({ command: { type: 'draw', seat: 1 } });
    expect(virtualKeyCommand(view({ draw: 'bonus' }), 1, 'draw', 'short', null)).toEqual({ command: { type: 'draw', seat: 1 } });
    expect(virtualKeyCommand(view({ action: 1 }), 1, 'draw', 'short', 'G3')).toEqual({ command: { type: 'take', seat: 1, from: 0, card: 'G3' } });
    expect(virtualKeyCommand(view({ action: 1 }), 1, 'draw', 'short', 'V7')).toEqual({ problem: "V7 is in no other player's palette: take a card from one" });
  });

  it('leaves the 7\'s canvas card to the camera when none is picked: the companion reads it and makes it the discard', () => {
    expect(virtualKeyCommand(view({ action: 7 }), 1, 'canvas', 'short', null)).toEqual({ command: { type: 'play', seat: 1, to: 'canvas' } });
  });

  it('says why DRAW/DECK does nothing when no draw or card action is pending, as the board\'s panel does', () => {
    expect(virtualKeyCommand(view(null), 1, 'draw', 'short', null)).toEqual({ problem: 'no draw or card action is pending' });
    expect(virtualKeyCommand(view({ action: 5 }), 1, 'draw', 'short', null)).toMatchObject({ problem: expect.stringContaining('PALETTE') });
  });

  it('means what the board\'s panel means for the seat whose turn it is, key by key and pending action by action', () => {
    const pendings: Array<PublicView['pending']> = [null, { action: 1 }, { action: 3 }, { action: 5 }, { action: 7 }, { draw: 'bonus' }];
    for (const pending of pendings) {
      for (const key of VIRTUAL_KEYS) {
        for (const press of ['short', 'long'] as const) {
          const v = view(pending);
          const board = keyMeaning({ seat: 1, key, press, seq: 1, at: 0 }, v, { source: 'panel', id: 'x' });
          const onScreen = virtualKeyCommand(v, 1, key, press, 'G3');
          const expected = board.kind === 'card' ? board.complete('G3') : board;
          if (expected.kind === 'command') {
            const { source: _s, id: _i, ...command } = expected.command as { source?: string; id?: string };
            expect(onScreen, `${key} ${press} with ${JSON.stringify(pending)}`).toEqual({ command });
          } else {
            expect(onScreen, `${key} ${press} with ${JSON.stringify(pending)}`).toHaveProperty('problem');
          }
        }
      }
    }
  });

  it('lets the referee judge a key pressed out of turn (it flags the play)', () => {
    expect(virtualKeyCommand(view({ action: 7 }, 0), 2, 'canvas', 'short', 'Y4')).toEqual({ command: { type: 'play', seat: 2, to: 'canvas', card: 'Y4' } });
  });

  it('has one shared UNDO', () => {
    expect(virtualKeyCommand(view(null), 3, 'undo', 'short', null)).toEqual({ command: { type: 'undo' } });
  });
});

describe('manual entry', () => {
  it('builds deals, discards and takes with the tray card, and asks for a card when there is none', () => {
    expect(manualCommand(view(null), 2, 'deal', 'V3')).toEqual({ type: 'deal', seat: 2, card: 'V3' });
    expect(manualCommand(view(null), 1, 'discard-deck', 'B2')).toEqual({ type: 'discard', seat: 1, card: 'B2', to: 'deck' });
    expect(manualCommand(view(null), 1, 'take', 'Y4')).toEqual({ type: 'take', seat: 1, from: 2, card: 'Y4' });
    expect(manualCommand(view(null), 1, 'deal', null)).toBe('pick the card first');
    expect(manualCommand(view(null), 1, 'endTurn', null)).toEqual({ type: 'endTurn', seat: 1 });
  });
});
