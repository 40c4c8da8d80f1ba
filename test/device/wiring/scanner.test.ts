import { describe, expect, it } from 'vitest';
import { impossibleCards, visibleCards } from '../../../device/referee/exclusions.ts';
import { panelScanner, refereeScanner, type Classify } from '../../../device/wiring/scanner.ts';

const view = {
  canvas: ['O5'],
  players: [
    { palette: ['R3', 'B4'], scored: ['G7'] },
    { palette: ['Y2'], scored: [] },
    { palette: ['V1', 'I6'], scored: [], out: true },
  ],
};

describe('what the scanners rule out', () => {
  it('rules out every visible card for a card from the hand', () => {
    expect(visibleCards(view).sort()).toEqual(['B4', 'G7', 'I6', 'O5', 'R3', 'V1', 'Y2']);
    expect(impossibleCards(view, 0, 'hand').sort()).toEqual(['B4', 'G7', 'I6', 'O5', 'R3', 'V1', 'Y2']);
  });

  it('leaves only the player’s own palette for the 7’s action', () => {
    const impossible = impossibleCards(view, 0, 'own-palette');
    expect(impossible).toHaveLength(47);
    expect(impossible).not.toContain('R3');
    expect(impossible).not.toContain('B4');
  });

  it('leaves only the other palettes still in the round for the 1’s action', () => {
    const impossible = impossibleCards(view, 0, 'other-palette');
    expect(impossible).toHaveLength(48);
    expect(impossible).not.toContain('Y2');
  });
});

describe('the scanner over camera and classifier', () => {
  const camera = { capture: async () => Buffer.from('jpeg') };

  it('plays what the classifier reads, having passed it the exclusions', async () => {
    let excluded: string[] | undefined;
    const classify: Classify = async (_image, options) => {
      excluded = options.exclude;
      return { card: 'G4', confidence: 0.99, alternatives: [] };
    };
    const scan = panelScanner(refereeScanner(camera, classify), () => view);
    expect(await scan.scan(1, 'hand')).toEqual({ card: 'G4' });
    expect(excluded).toContain('R3');
  });

  it('asks for a rescan, never a guess, when the classifier is unsure', async () => {
    const classify: Classify = async () => ({ card: null, confidence: 0.6, alternatives: [{ card: 'B6', p: 0.6 }], reason: 'low-confidence' });
    expect(await refereeScanner(camera, classify)(0, [])).toEqual({ rescan: true, alternatives: [{ card: 'B6', p: 0.6 }], reason: 'low-confidence' });
  });

  it('asks for a rescan when the camera gives no frame', async () => {
    const broken = { capture: async () => { throw new Error('no device'); } };
    const r = await refereeScanner(broken, async () => ({ card: 'R1', confidence: 1, alternatives: [] }))(0, []);
    expect(r).toMatchObject({ rescan: true, reason: expect.stringMatching(/no device/) });
  });
});
