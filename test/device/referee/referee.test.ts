import { afterEach, describe, expect, it } from 'vitest';
import { Referee } from '../../../device/referee/referee.ts';
import type { RefereeUpdate } from '../../../device/referee/types.ts';
import { OPENING, cleanupDirs, startedReferee, submitAll, tempDir } from './helpers.ts';

afterEach(cleanupDirs);

describe('Referee', () => {
  it('does nothing in its constructor and refuses commands before start()', async () => {
    const dir = tempDir();
    const referee = new Referee({ dataDir: `${dir}/not-yet` });
    const r = await referee.submit(OPENING[0]);
    expect(r).toEqual({ ok: false, error: { code: 'referee/not-started', message: expect.any(String) } });
    expect(referee.publicView().game).toBeNull();
  });

  it('accepts a new game and answers its sequence number, events and public view', async () => {
    const referee = await startedReferee();
    const r = await referee.submit(OPENING[0]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.seq).toBe(1);
    expect(r.events.map((e) => e.type)).toEqual(['gameStarted', 'roundStarted']);
    expect(r.view).toMatchObject({ game: 1, seq: 1, phase: 'setup', round: 1, rule: 'red', deck: 25, language: 'en' });
    expect(r.view.players.map((p) => p.name)).toEqual(['Ann', 'Ben', 'Cy']);
    await referee.stop();
  });

  it('answers the first turn, the leader and why after the last starting card', async () => {
    const referee = await startedReferee();
    const results = await submitAll(referee, OPENING);
    const view = results[3]!.view;
    expect(view).toMatchObject({ phase: 'turn', active: 0, leader: 2, leaderReason: { count: 1, best: 'G6' } });
    expect(view.players[2]!.counting).toEqual(['G6']);
    expect(view.announcement).toBe('Cy starts with Green 6 in the palette. Cy leads with the highest card, Green 6. Ann\'s turn.');
    await referee.stop();
  });

  it('announces a canvas play in the words of RULES.md §8', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }, { type: 'endTurn', seat: 0 }]);
    await submitAll(referee, [{ type: 'play', seat: 1, to: 'palette', card: 'Y7' }]);
    const r = await referee.submit({ type: 'play', seat: 1, to: 'canvas', card: 'B1' });
    expect(r.ok && r.view.announcement).toBe(
      'Ben plays Blue 1 to the canvas: the rule is now Blue, most different colours. Ben leads with two colours, best Yellow 7.',
    );
    await referee.stop();
  });

  it.each([
    ['an unknown type', { type: 'shuffle' }],
    ['a bad seat', { type: 'pass', seat: -1 }],
    ['a missing field', { type: 'deal', card: 'R3' }],
    ['a bad target', { type: 'play', seat: 0, to: 'hand', card: 'R1' }],
    ['not an object', [1, 2, 3]],
    ['null', null],
  ])('rejects %s with a code and never throws', async (_what, command) => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const r = await referee.submit(command);
    expect(r).toEqual({ ok: false, error: { code: 'command/malformed', message: expect.any(String) } });
    expect(referee.publicView().seq).toBe(4);
    await referee.stop();
  });

  it('rejects a card that is not a card with card/invalid', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette', card: 'X9' });
    expect(!r.ok && r.error.code).toBe('card/invalid');
  });

  it('refuses a game in a language the announcements do not exist in', async () => {
    const referee = await startedReferee();
    const r = await referee.submit({ ...OPENING[0], language: 'fr' });
    expect(!r.ok && r.error.code).toBe('language/unknown');
    expect(referee.listGames()).toEqual([]);
  });

  it('applies commands strictly one at a time in arrival order', async () => {
    const referee = await startedReferee();
    const all = [...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }, { type: 'endTurn', seat: 0 }, { type: 'pass', seat: 1 }];
    // Submitted without waiting: the queue, not the caller, keeps the order.
    const results = await Promise.all(all.map((c) => referee.submit(c)));
    expect(results.map((r) => (r.ok ? r.seq : r.error.code))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await referee.stop();
  });

  it('flags a rules rejection of a play to subscribers as an illegalPlay update without changing state', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const heard: RefereeUpdate[] = [];
    referee.subscribe((u) => heard.push(u));
    const before = referee.publicView();
    const r = await referee.submit({ type: 'play', seat: 1, to: 'palette', card: 'Y2' });
    expect(!r.ok && r.error.code).toBe('turn/not-your-turn');
    expect(heard).toHaveLength(1);
    expect(heard[0]!.seq).toBe(4);
    expect(heard[0]!.events).toEqual([{ type: 'illegalPlay', seat: 1, code: 'turn/not-your-turn', command: 'play', message: 'Ben played out of turn: take the card back.' }]);
    expect(heard[0]!.announcements).toEqual(['Ben played out of turn: take the card back.']);
    const after = referee.publicView();
    expect(after.warning).toEqual({ code: 'turn/not-your-turn', message: 'Ben played out of turn: take the card back.', seat: 1 });
    expect({ ...after, warning: null }).toEqual(before);
    await referee.stop();
  });

  it('clears the warning with the next accepted command', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    await referee.submit({ type: 'endTurn', seat: 0 });
    expect(referee.publicView().warning?.code).toBe('turn/nothing-played');
    await submitAll(referee, [{ type: 'play', seat: 0, to: 'palette', card: 'R7' }]);
    expect(referee.publicView().warning).toBeNull();
  });

  it('does not flag a malformed command to the table', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const heard: RefereeUpdate[] = [];
    referee.subscribe((u) => heard.push(u));
    await referee.submit({ type: 'play', seat: 0 });
    expect(heard).toEqual([]);
  });

  it('tells every subscriber every accepted command in order, and stops when asked', async () => {
    const referee = await startedReferee();
    const heard: number[] = [];
    const stop = referee.subscribe((u) => heard.push(u.seq));
    await submitAll(referee, OPENING);
    stop();
    await submitAll(referee, [{ type: 'play', seat: 0, to: 'palette', card: 'O5' }]);
    expect(heard).toEqual([1, 2, 3, 4]);
  });

  it('keeps serving the others when a subscriber throws', async () => {
    const referee = await startedReferee();
    referee.subscribe(() => {
      throw new Error('a broken dashboard');
    });
    const heard: number[] = [];
    referee.subscribe((u) => heard.push(u.seq));
    await submitAll(referee, OPENING);
    expect(heard).toEqual([1, 2, 3, 4]);
  });

  it('replays the updates after a sequence number, or null when they are no longer known', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    expect(referee.updatesSince(2)!.map((u) => u.seq)).toEqual([3, 4]);
    expect(referee.updatesSince(4)).toEqual([]);
    expect(referee.updatesSince(9)).toBeNull();
    await referee.stop();
    const again = await startedReferee({ dataDir: (referee as unknown as { options: { dataDir: string } }).options.dataDir });
    expect(again.updatesSince(2)).toBeNull();
    expect(again.updatesSince(4)).toEqual([]);
  });

  it('suppresses a second delivery of the same command (same source and id) and answers the first result', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const play = { type: 'play', seat: 0, to: 'palette', card: 'O5', source: 'panel', id: 'k-1' };
    const first = await referee.submit(play);
    const second = await referee.submit(play);
    expect(second).toEqual(first);
    expect(referee.publicView().seq).toBe(5);
    expect(referee.publicView().players[0]!.palette).toEqual(['R3', 'O5']);
    // The same id from another source is another command.
    const other = await referee.submit({ ...play, card: 'Y5', source: 'dashboard' });
    expect(!other.ok && other.error.code).toBe('turn/second-palette');
  });

  it('applies a repeated undo once when it is delivered twice', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, { type: 'play', seat: 0, to: 'palette', card: 'O5' }]);
    const undo = { type: 'undo', source: 'panel', id: 'u-7' };
    await referee.submit(undo);
    await referee.submit(undo);
    expect(referee.publicView().players[0]!.palette).toEqual(['R3']);
    expect(referee.publicView().players[2]!.palette).toEqual(['G6']);
    expect(referee.publicView().seq).toBe(6);
  });

  it('answers a redelivered rejection with the same rejection', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const play = { type: 'play', seat: 2, to: 'palette', card: 'O5', source: 'panel', id: 'k-9' };
    const first = await referee.submit(play);
    expect(await referee.submit(play)).toEqual(first);
  });

  it('still suppresses a redelivery after a restart, from the journal', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, OPENING);
    const play = { type: 'play', seat: 0, to: 'palette', card: 'O5', source: 'http', id: 'abc' };
    const first = await referee.submit(play);
    await referee.stop();
    const again = await startedReferee({ dataDir });
    const second = await again.submit(play);
    expect(second.ok && second.seq).toBe(first.ok && first.seq);
    expect(again.publicView().seq).toBe(5);
    await again.stop();
  });

  it('lets the commands already queued finish when stopped, and refuses later ones', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    const queued = OPENING.map((c) => referee.submit(c));
    await referee.stop();
    expect((await Promise.all(queued)).map((r) => r.ok)).toEqual([true, true, true, true]);
    const late = await referee.submit({ type: 'pass', seat: 0 });
    expect(!late.ok && late.error.code).toBe('referee/not-started');
    const again = await startedReferee({ dataDir });
    expect(again.publicView().seq).toBe(4);
  });

  it('opened read-only, shows the table but refuses to change it', async () => {
    const dataDir = tempDir();
    const writer = await startedReferee({ dataDir });
    await submitAll(writer, OPENING);
    await writer.stop();
    const reader = await startedReferee({ dataDir, readonly: true });
    expect(reader.publicView().seq).toBe(4);
    const r = await reader.submit({ type: 'pass', seat: 0 });
    expect(!r.ok && r.error.code).toBe('journal/failed');
    expect(reader.publicView().seq).toBe(4);
  });

  it('gives each seat a private view with the hand cards only it may know', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [
      { type: 'newGame', players: ['Ann', 'Ben'], advanced: false, actions: true },
      { type: 'deal', seat: 0, card: 'R2' },
      { type: 'deal', seat: 1, card: 'B6' },
      // Ann (seat 0) starts: her 7's action puts R2 face down on the deck, and Ben's 3 draws it.
      { type: 'play', seat: 0, to: 'palette', card: 'O7' },
      { type: 'discard', seat: 0, card: 'R2', to: 'deck' },
      { type: 'endTurn', seat: 0 },
      { type: 'play', seat: 1, to: 'palette', card: 'G3' },
      { type: 'draw', seat: 1 },
    ]);
    expect(referee.privateView(1)!.knownHand).toEqual(['R2']);
    expect(referee.privateView(0)!.knownHand).toEqual([]);
    expect(referee.privateView(5)).toBeNull();
    expect(JSON.stringify(referee.publicView())).not.toContain('R2');
  });
});
