import { describe, expect, it } from 'vitest';
import { standingCommands } from '../../../device/referee/standing.ts';
import { cleanupDirs, OPENING, startedReferee, submitAll } from './helpers.ts';
import { afterEach } from 'vitest';

afterEach(cleanupDirs);

describe('the commands that stand, read from a game\'s journal', () => {
  it('leave out plays taken back with UNDO, and follow corrections and what they removed', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [
      ...OPENING,
      { type: 'play', seat: 0, to: 'palette', card: 'O5' }, // 5
      { type: 'undo' }, // 6 takes back 5
      { type: 'play', seat: 0, to: 'palette', card: 'Y7' }, // 7
      { type: 'endTurn', seat: 0 }, // 8
      { type: 'correct', seq: 7, card: 'Y2' }, // 9: Ann with Y2 is not winning, so 8 puts her out
      { type: 'undo' }, // 10 takes back the correction
    ]);
    const journal = referee.exportGame(1)!.commands;
    expect(standingCommands(journal).map((p) => p.seq)).toEqual([2, 3, 4, 7, 8]);
    expect(standingCommands(journal.slice(0, 9)).map((p) => [p.seq, (p.command as { card?: string }).card])).toEqual(
      [[2, 'R3'], [3, 'B4'], [4, 'G6'], [7, 'Y2'], [8, undefined]],
    );
  });

  it('agree with the referee\'s own list after every command of a game with undo and corrections', async () => {
    const referee = await startedReferee();
    const script = [
      ...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }, { type: 'endTurn', seat: 0 },
      { type: 'correct', seq: 5, card: 'O2' }, { type: 'undo' }, { type: 'undo' }, { type: 'undo' },
    ];
    for (let n = 1; n <= script.length; n++) {
      await submitAll(referee, [script[n - 1]!]);
      const fromJournal = standingCommands(referee.exportGame(1)!.commands).map((p) => p.seq);
      const fromSession = (referee as unknown as { session: { commands(): Array<{ seq: number }> } }).session.commands().map((p) => p.seq);
      expect(fromJournal).toEqual(fromSession);
    }
  });

  it('read an empty or newGame-only journal as nothing standing', () => {
    expect(standingCommands([])).toEqual([]);
    expect(standingCommands([{ seq: 1, command: { type: 'newGame', players: ['Ann', 'Ben'] } }])).toEqual([]);
  });
});
