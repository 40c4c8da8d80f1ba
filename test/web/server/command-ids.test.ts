// A command id belongs to its sender and its game: a retry is answered as the first delivery
// and applied once, the same id for another command is refused, and another client's or a
// later game's id is a new command. Against a real referee and journal, over loopback HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPENING, PIN } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';

let server: RealServer;
beforeEach(async () => { server = await startRealServer(); });
afterEach(async () => { await server.stop(); });

const post = (command: unknown, localAddress = '127.0.0.1') => call(server.url, 'POST', '/api/commands', { credential: PIN, body: command, localAddress });
const commandsOf = (game: number) => server.referee.exportGame(game)!.commands;

async function opening(): Promise<void> {
  for (const [i, c] of OPENING.slice(0, 4).entries()) expect((await post({ ...(c as object), id: `o${i}` })).status).toBe(200);
}

describe('command ids', () => {
  it('answers a retry with the first answer and applies the command once', async () => {
    await opening();
    const play = { type: 'play', seat: 2, to: 'palette', card: 'R6', id: 'p1' };
    const first = await post(play);
    const retry = await post(play);
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
    expect(commandsOf(1).filter((c) => c.command.id === 'p1')).toHaveLength(1);
  });

  it('refuses the same id for a different command with 409 command/id-conflict and applies nothing', async () => {
    await opening();
    const first = await post({ type: 'play', seat: 2, to: 'palette', card: 'R6', id: '1' });
    const before = commandsOf(1).length;
    const undo = await post({ type: 'undo', id: '1' });
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe('command/id-conflict');
    expect(commandsOf(1)).toHaveLength(before);
    expect(server.referee.publicView().seq).toBe(first.body.seq);
  });

  it('treats the same id from another client as a new command', async () => {
    await opening();
    await post({ type: 'play', seat: 2, to: 'palette', card: 'R6', id: 'x' });
    const other = await post({ type: 'undo', id: 'x' }, '127.0.0.2');
    expect(other.status).toBe(200);
    expect(commandsOf(1).at(-1)!.command.type).toBe('undo');
  });

  it('treats an id reused in a later game as a new command, answered with the new game', async () => {
    await opening();
    await post({ ...(OPENING[0] as object), id: 'g2' });
    const deal = await post({ type: 'deal', seat: 0, card: 'O3', id: 'o1' });
    expect(deal.status).toBe(200);
    expect(deal.body.view.game).toBe(2);
    expect(deal.body.seq).toBe(2);
    expect(commandsOf(2).map((c) => c.command.type)).toEqual(['newGame', 'deal']);
  });

  it('answers a retried newGame with the game it started, not a third one', async () => {
    const start = { ...(OPENING[0] as object), id: 'new-1' };
    const first = await post(start);
    const retry = await post(start);
    expect(retry.body.view.game).toBe(first.body.view.game);
    expect(server.referee.listGames()).toHaveLength(1);
  });
});
