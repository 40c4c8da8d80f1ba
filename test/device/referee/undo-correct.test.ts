import { afterEach, describe, expect, it } from 'vitest';
import { cleanupDirs, OPENING, startedReferee, submitAll, tempDir } from './helpers.ts';

afterEach(cleanupDirs);

const TURN = [
  { type: 'play', seat: 0, to: 'palette', card: 'O5' }, // seq 5
  { type: 'endTurn', seat: 0 }, // seq 6
  { type: 'play', seat: 1, to: 'palette', card: 'Y7' }, // seq 7
  { type: 'play', seat: 1, to: 'canvas', card: 'B1' }, // seq 8
];

describe('undo', () => {
  it('takes back the last accepted command and announces it', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, TURN[0]]);
    const r = await referee.submit({ type: 'undo' });
    expect(r.ok && r.seq).toBe(6);
    expect(r.ok && r.events).toEqual([{ type: 'undone', seq: 5, command: TURN[0] }]);
    expect(referee.publicView().players[0]!.palette).toEqual(['R3']);
    expect(referee.publicView().announcement).toBe(
      'Taken back: Ann plays Orange 5 to the palette. Cy leads with the highest card, Green 6. It is Ann\'s turn.',
    );
  });

  it('says in every language what was taken back and whose turn it is now', async () => {
    const said: Record<string, string> = {
      de: 'Zurückgenommen: Ann spielt Orange 5 auf die Palette. Cy führt mit der höchsten Karte, Grün 6. Ann ist am Zug.',
      pt: 'Desfeito: Ann joga Laranja 5 na Paleta. Cy está vencendo com a carta mais alta, Verde 6. Agora é a vez de Ann.',
      ru: 'Отменено: Ann: в палитру — оранжевая 5. Cy лидирует: старшая карта — зелёная 6. Сейчас ход игрока Ann.',
      ko: '취소했습니다: Ann 님이 팔레트에 주황 5 카드를 내려놓음. Cy 님이 가장 높은 카드 초록 6으로 승리하고 있습니다. 이제 Ann 님의 차례입니다.',
    };
    for (const [language, text] of Object.entries(said)) {
      const referee = await startedReferee({ language: language as 'de' });
      await submitAll(referee, [...OPENING, TURN[0]]);
      await referee.submit({ type: 'undo' });
      expect(referee.publicView().announcement).toBe(text);
    }
  });

  it('names the correction it takes back, and asks for the deal when it takes back a starting card', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING.slice(0, 3));
    await referee.submit({ type: 'undo' });
    expect(referee.publicView().announcement).toBe('Taken back: Ben\'s starting card, Blue 4. Deal the starting cards: each seat presses PALETTE and scans or picks its card.');
  });

  it('is repeatable, back to the start of the game', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    for (let i = 0; i < 7; i++) expect((await referee.submit({ type: 'undo' })).ok).toBe(true);
    const view = referee.publicView();
    expect(view.phase).toBe('setup');
    expect(view.players.every((p) => p.palette.length === 0)).toBe(true);
    const r = await referee.submit({ type: 'undo' });
    expect(!r.ok && r.error.code).toBe('undo/nothing');
  });

  it('answers undo/nothing before any game', async () => {
    const referee = await startedReferee();
    const r = await referee.submit({ type: 'undo' });
    expect(!r.ok && r.error.code).toBe('game/none');
  });

  it('lets the table play on after an undo, and a restart rebuilds the same state', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, [...OPENING, ...TURN, { type: 'undo' }, { type: 'undo' }, { type: 'play', seat: 1, to: 'palette', card: 'Y6' }]);
    const live = referee.publicView();
    expect(live.players[1]!.palette).toEqual(['B4', 'Y6']);
    expect(live.canvas).toEqual([]);
    await referee.stop();
    const again = await startedReferee({ dataDir });
    expect(again.publicView()).toEqual(live);
  });
});

describe('correct', () => {
  it('fixes a misread card in an earlier play and replays the later commands', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    const r = await referee.submit({ type: 'correct', seq: 7, card: 'Y6' });
    expect(r.ok && r.events).toEqual([{ type: 'corrected', seq: 7, card: 'Y6', invalidated: [] }]);
    const view = referee.publicView();
    expect(view.players[1]!.palette).toEqual(['B4', 'Y6']);
    expect(view.canvas).toEqual(['B1']);
    expect(view.seq).toBe(9);
    expect(view.announcement).toBe('Command 7 corrected to Yellow 6. Ben leads with two colours, best Yellow 6.');
  });

  it('reports the later commands that became illegal and removes them', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    // Read as B1, the palette card is the very card Ben then plays to the canvas: that play cannot stand.
    const r = await referee.submit({ type: 'correct', seq: 7, card: 'B1' });
    expect(r.ok && r.events).toEqual([{ type: 'corrected', seq: 7, card: 'B1', invalidated: [8] }]);
    const view = referee.publicView();
    expect(view.canvas).toEqual([]);
    expect(view.players[1]!.palette).toEqual(['B4', 'B1']);
    expect(view.announcement).toContain('No longer possible and removed: 8.');
  });

  it('can itself be taken back, restoring the commands it removed', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    const before = referee.publicView();
    await submitAll(referee, [{ type: 'correct', seq: 7, card: 'B1' }, { type: 'undo' }]);
    const after = referee.publicView();
    expect(after.canvas).toEqual(before.canvas);
    expect(after.players).toEqual(before.players);
  });

  it('refuses a correction the rules would refuse, leaving the state as it was', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    const before = referee.publicView();
    const r = await referee.submit({ type: 'correct', seq: 7, card: 'G6' });
    expect(!r.ok && r.error.code).toBe('card/visible');
    expect(referee.publicView()).toEqual(before);
  });

  it.each([
    [{ type: 'correct', seq: 99, card: 'R1' }, 'correct/unknown-seq'],
    [{ type: 'correct', seq: 6, card: 'R1' }, 'correct/not-a-card-play'],
    [{ type: 'correct', seq: 1, card: 'R1' }, 'correct/not-a-card-play'],
    [{ type: 'correct', seq: 7, card: 'Q1' }, 'card/invalid'],
    [{ type: 'correct', seq: 0, card: 'R1' }, 'command/malformed'],
    [{ type: 'correct', card: 'R1' }, 'command/malformed'],
  ])('refuses %j with %s', async (command, code) => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN]);
    const r = await referee.submit(command);
    expect(!r.ok && r.error.code).toBe(code);
  });

  it('does not correct a command that was taken back', async () => {
    const referee = await startedReferee();
    await submitAll(referee, [...OPENING, ...TURN, { type: 'undo' }]);
    const r = await referee.submit({ type: 'correct', seq: 8, card: 'B2' });
    expect(!r.ok && r.error.code).toBe('correct/unknown-seq');
  });

  it('survives a restart: the journal rebuilds the corrected game', async () => {
    const dataDir = tempDir();
    const referee = await startedReferee({ dataDir });
    await submitAll(referee, [...OPENING, ...TURN, { type: 'correct', seq: 7, card: 'B1' }, { type: 'play', seat: 1, to: 'canvas', card: 'Y2' }]);
    const live = referee.publicView();
    await referee.stop();
    const again = await startedReferee({ dataDir });
    expect(again.publicView()).toEqual(live);
    expect(live.canvas).toEqual(['Y2']);
  });
});
