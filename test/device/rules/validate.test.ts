import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PLAYERS, validateCommand } from '../../../device/rules/index.ts';

const malformed = (input: unknown) => {
  const r = validateCommand(input);
  expect(r.ok, JSON.stringify(input)).toBe(false);
  return r.ok ? '' : (expect(r.rejection.code).toBe('command/malformed'), r.rejection.message);
};

describe('the one command schema', () => {
  it('takes every seat of the largest table, and none beyond it', () => {
    for (let seat = 0; seat < MAX_PLAYERS; seat++) expect(validateCommand({ type: 'pass', seat }).ok).toBe(true);
    expect(malformed({ type: 'pass', seat: MAX_PLAYERS })).toContain(`0 to ${MAX_PLAYERS - 1}`);
    malformed({ type: 'take', seat: 0, from: MAX_PLAYERS, card: 'R3' });
    malformed({ type: 'pass', seat: -1 });
    malformed({ type: 'pass', seat: 1.5 });
  });

  it('refuses an unknown field, naming it, rather than ignoring a typo', () => {
    expect(malformed({ type: 'play', seat: 0, to: 'palette', crad: 'R3' })).toContain('unknown field "crad"');
    malformed({ type: 'undo', seat: 0 });
  });

  it('keeps the envelope short: a source up to 64 characters, an id of 1 to 128', () => {
    expect(validateCommand({ type: 'undo', source: 'panel', id: 'x'.repeat(128) }).ok).toBe(true);
    malformed({ type: 'undo', id: '' });
    malformed({ type: 'undo', id: 'x'.repeat(129) });
    malformed({ type: 'undo', source: 's'.repeat(65) });
  });

  it('leaves whether a card exists to the rules, but wants card text', () => {
    expect(validateCommand({ type: 'deal', seat: 0, card: 'X9' }).ok).toBe(true);
    malformed({ type: 'deal', seat: 0, card: 7 });
    malformed({ type: 'newGame', players: ['Ann', 'x'.repeat(65)] });
    malformed({ type: 'newGame', players: Array.from({ length: 9 }, (_, i) => `P${i}`) });
  });

  it('never throws, whatever JSON comes in', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const r = validateCommand(value);
      expect(typeof r.ok).toBe('boolean');
    }));
  });
});
