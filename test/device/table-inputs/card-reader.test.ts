import { describe, expect, it } from 'vitest';
import { parseCard } from '../../../device/rules/index.ts';
import { impossibleCards } from '../../../device/referee/exclusions.ts';
import { createCardReader } from '../../../device/table-inputs/card-reader.ts';
import { crafted } from '../rules/helpers.ts';
import { countingCamera, scriptedClassifier, sure, unsure } from './helpers.ts';

/** Ann R3 B4 (scored G7), Ben Y2 (knows B1 in his hand, I5 face down on the deck), Cy out with V1 I6; O5 on the canvas. */
function table() {
  const s = crafted([['R3', 'B4'], ['Y2'], ['V1', 'I6']], { canvas: ['O5'], scored: [['G7'], [], []] });
  s.players[2]!.out = true;
  s.players[1]!.known = [parseCard('B1')];
  s.deckTop = [parseCard('I5')];
  return s;
}

describe('what a card on the tray cannot be (one rule, from the full state)', () => {
  it('rules out every face-up card, the cards face down on the deck and cards known in other hands, for a hand card', () => {
    expect(impossibleCards(table(), 0, 'hand').sort()).toEqual(['B1', 'B4', 'G7', 'I5', 'I6', 'O5', 'R3', 'V1', 'Y2']);
    // A seat's own known hand card may be the one on the tray.
    expect(impossibleCards(table(), 1, 'hand')).not.toContain('B1');
    // With no seat named (a private check), no known hand card is ruled out.
    expect(impossibleCards(table(), null, 'hand')).not.toContain('B1');
  });

  it('leaves only the player’s own palette for the 7’s action', () => {
    const impossible = impossibleCards(table(), 0, 'own-palette');
    expect(impossible).toHaveLength(47);
    expect(impossible).not.toContain('R3');
    expect(impossible).not.toContain('B4');
  });

  it('leaves only the other palettes still in the round for the 1’s action', () => {
    const impossible = impossibleCards(table(), 0, 'other-palette');
    expect(impossible).toHaveLength(48);
    expect(impossible).not.toContain('Y2');
  });

  it('rules out nothing before the first game', () => {
    expect(impossibleCards(null, 0, 'hand')).toEqual([]);
  });
});

describe('the card reader over camera and classifier', () => {
  it('reads the tray with one capture and passes the exclusions to the classifier', async () => {
    const camera = countingCamera();
    const classify = scriptedClassifier([sure('G4')]);
    const read = await createCardReader(() => ({ camera, classify })).readTray(['R3']);
    expect(read).toMatchObject({ ok: true, card: 'G4' });
    expect(camera.captures).toBe(1);
    expect(classify.excluded).toEqual([['R3']]);
  });

  it('refuses an unsure read with its top guesses, never a guess', async () => {
    const reader = createCardReader(() => ({ camera: countingCamera(), classify: scriptedClassifier([unsure([{ card: 'B6', p: 0.6 }])]) }));
    expect(await reader.readTray([])).toEqual({ ok: false, refusal: 'low-confidence', message: 'low-confidence', confidence: 0.6, alternatives: [{ card: 'B6', p: 0.6 }] });
  });

  it('types the classifier’s refusals: no card, several cards, not an image', async () => {
    const classify = scriptedClassifier([unsure([], 'no-card'), unsure([], 'several-cards'), unsure([], 'not-an-image'), new Error('corrupt JPEG')]);
    const reader = createCardReader(() => ({ camera: countingCamera(), classify }));
    expect(await reader.readTray([])).toMatchObject({ ok: false, refusal: 'no-card' });
    expect(await reader.readTray([])).toMatchObject({ ok: false, refusal: 'several-cards' });
    expect(await reader.readTray([])).toMatchObject({ ok: false, refusal: 'unreadable' });
    expect(await reader.readPhoto(Buffer.from('x'), [])).toMatchObject({ ok: false, refusal: 'unreadable', message: expect.stringContaining('corrupt JPEG') });
  });

  it('refuses a classifier answer that is no card', async () => {
    const reader = createCardReader(() => ({ camera: countingCamera(), classify: scriptedClassifier([{ card: 'X9', confidence: 1, alternatives: [] }]) }));
    expect(await reader.readTray([])).toMatchObject({ ok: false, refusal: 'low-confidence' });
  });

  it('says when the camera gives no frame, or there is no camera or classifier', async () => {
    const broken = { capture: async (): Promise<Buffer> => { throw new Error('no device'); } };
    const classify = scriptedClassifier([]);
    expect(await createCardReader(() => ({ camera: broken, classify })).readTray([])).toMatchObject({ ok: false, refusal: 'camera-failed', message: expect.stringMatching(/no device/) });
    expect(await createCardReader(() => ({ classify })).readTray([])).toMatchObject({ ok: false, refusal: 'no-camera' });
    expect(await createCardReader(() => ({ camera: countingCamera() })).readTray([])).toMatchObject({ ok: false, refusal: 'no-classifier' });
    expect(await createCardReader(() => ({})).readPhoto(Buffer.from('x'), [])).toMatchObject({ ok: false, refusal: 'no-classifier' });
    expect(await createCardReader(() => ({})).canReadPhotos()).toBe(false);
    expect(classify.excluded).toEqual([]);
  });
});
