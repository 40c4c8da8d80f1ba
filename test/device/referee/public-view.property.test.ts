// The public view never carries hidden information (RULES.md §8): across random seeded games,
// with illegal plays of hidden cards thrown in, no serialized public view or broadcast update
// names a hand card or a face-down card — neither in R7 notation nor in words.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_CARDS, applyCommand, formatCard, type Card, type GameState } from '../../../device/rules/index.ts';
import { cardWords } from '../../../device/referee/i18n/index.ts';
import { LANGUAGES, type Language, type RefereeUpdate } from '../../../device/referee/types.ts';
import { cleanupDirs, startedReferee } from './helpers.ts';
import { recordGame } from './scripted-games.ts';

afterEach(cleanupDirs);

/** Cards the whole table can see: palettes, the canvas, score piles. */
function visible(s: GameState): Set<Card> {
  return new Set([...s.canvas, ...s.players.flatMap((p) => [...p.palette, ...p.scored])]);
}

/** The hidden cards a serialized text names, in notation or in words. */
function leaks(text: string, hidden: readonly Card[], language: Language): string[] {
  const found: string[] = [];
  for (const c of hidden) {
    const code = formatCard(c);
    const words = cardWords(code, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<![A-Za-z0-9])${code}(?![0-9])`).test(text) || new RegExp(`${words}(?![0-9])`).test(text)) found.push(code);
  }
  return found;
}

describe('the public view', () => {
  it('is checked by a detector that does find a named card', () => {
    const b4 = ALL_CARDS.find((c) => formatCard(c) === 'B4')!;
    expect(leaks('{"palette":["B4"]}', [b4], 'en')).toEqual(['B4']);
    expect(leaks('Ben plays Blue 4 to the canvas', [b4], 'en')).toEqual(['B4']);
    expect(leaks('Ben выкладывает: голубая 4.', [b4], 'ru')).toEqual(['B4']);
    expect(leaks('Blue 5, B45, command 14', [b4], 'en')).toEqual([]);
  });

  it('never carries a hand card or a face-down card, in any random game', async () => {
    let faceDownSeen = 0;
    let faceDownPlays = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          players: fc.integer({ min: 2, max: 4 }),
          advanced: fc.boolean(),
          actions: fc.boolean(),
          language: fc.constantFrom(...LANGUAGES),
          illegalEvery: fc.integer({ min: 3, max: 12 }),
        }),
        async ({ seed, players, advanced, actions, language, illegalEvery }) => {
          const game = recordGame(seed, { players, advanced, actions });
          game[0] = { ...game[0]!, language } as (typeof game)[0];
          const referee = await startedReferee();
          const updates: RefereeUpdate[] = [];
          referee.subscribe((u) => updates.push(u));
          let state: GameState | null = null;
          const check = (where: string) => {
            const s = state!;
            const shown = visible(s);
            const hidden = ALL_CARDS.filter((c) => !shown.has(c));
            const texts = [JSON.stringify(referee.publicView()), ...updates.splice(0).map((u) => JSON.stringify(u))];
            for (const text of texts) expect(leaks(text, hidden, language), `${where}: ${text.slice(0, 300)}`).toEqual([]);
            faceDownSeen += s.deckTop.length + s.players.reduce((n, p) => n + p.known.length, 0);
          };
          for (let i = 0; i < game.length; i++) {
            const command = game[i]!;
            const r = await referee.submit(command);
            expect(r.ok, `${JSON.stringify(command)}: ${r.ok ? '' : r.error.code}`).toBe(true);
            const next = applyCommand(state, command);
            if (!next.ok) throw new Error('the simulation sent a command the rules refuse');
            state = next.state;
            check(`after command ${i + 1}`);
            if (i % illegalEvery === 0 && state.phase === 'turn' && state.active !== null) {
              // A play of a hidden card that must be refused: out of turn, or a card known to lie face down on the deck.
              const hidden = ALL_CARDS.filter((c) => !visible(state!).has(c));
              const other = (state.active + 1) % state.players.length;
              const faceDown = state.deckTop[0];
              if (faceDown !== undefined) faceDownPlays++;
              const attempt = faceDown !== undefined
                ? { type: 'play', seat: state.active, to: 'canvas', card: formatCard(faceDown) }
                : { type: 'play', seat: other, to: 'palette', card: formatCard(hidden[(seed + i) % hidden.length]!) };
              const refused = await referee.submit(attempt);
              expect(refused.ok).toBe(false);
              check(`after the refused ${JSON.stringify(attempt)}`);
            }
          }
          // The private view of a seat does show the face-down cards it drew (a positive control).
          for (let seat = 0; seat < state!.players.length; seat++) {
            expect(referee.privateView(seat)!.knownHand).toEqual(state!.players[seat]!.known.map(formatCard));
          }
          await referee.stop();
        },
      ),
      { numRuns: 20, seed: 7 },
    );
    // Not vacuous: the games did put cards face down, and tried to play them.
    expect(faceDownSeen).toBeGreaterThan(0);
    expect(faceDownPlays).toBeGreaterThan(0);
  });
});
