import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJournal } from '../../../device/referee/memory-journal.ts';
import { cleanupDirs, startedReferee, submitAll } from './helpers.ts';
import { recordGame } from './scripted-games.ts';

afterEach(cleanupDirs);

const withoutTimes = (x: unknown) => JSON.parse(JSON.stringify(x).replace(/"startedAt":"[^"]*"/g, '"startedAt":"-"'));

describe('the in-memory journal', () => {
  it('keeps a whole game as the SQLite journal does: the same games, exports, transcripts and views', async () => {
    const game = recordGame(7, { players: 3, advanced: true, actions: true });
    const onDisk = await startedReferee();
    const inMemory = await startedReferee({ storage: new MemoryJournal() });
    await submitAll(onDisk, game);
    await submitAll(inMemory, game);
    expect(withoutTimes(inMemory.listGames())).toEqual(withoutTimes(onDisk.listGames()));
    expect(withoutTimes(inMemory.exportGame(1))).toEqual(withoutTimes(onDisk.exportGame(1)));
    expect(inMemory.publicView()).toEqual(onDisk.publicView());
    await onDisk.stop();
    await inMemory.stop();
  });

  it('undoes a batch whose commit fails, and refuses a command number twice', () => {
    const journal = new MemoryJournal();
    const command = { type: 'newGame' as const, players: ['Ann', 'Ben'] };
    const id = journal.startGame({ players: ['Ann', 'Ben'], language: 'en', phase: 'setup', command, events: [], at: 'now' });
    journal.begin();
    journal.append(id, 2, { type: 'deal', seat: 0, card: 'R3' }, [], 'setup', 'now');
    journal.rollback();
    expect(journal.entries(id).map((e) => e.seq)).toEqual([1]);
    journal.append(id, 2, { type: 'deal', seat: 0, card: 'R3' }, [], 'setup', 'now');
    expect(() => journal.append(id, 2, { type: 'deal', seat: 1, card: 'B4' }, [], 'setup', 'now')).toThrow(/already has a command 2/);
    expect(() => journal.append(9, 1, command, [], 'setup', 'now')).toThrow(/no game 9/);
    expect(journal.game(2)).toBeNull();
  });
});
