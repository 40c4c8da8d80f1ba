// Player names are shown on every screen and read aloud: hidden characters and names that pass
// for one another are refused with newGame/players, and nothing is journaled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN } from '../helpers.ts';
import { call, startRealServer, type RealServer } from './real-server.ts';

let server: RealServer;
beforeAll(async () => { server = await startRealServer(); });
afterAll(async () => { await server.stop(); });

const newGame = (players: string[]) => call(server.url, 'POST', '/api/commands', { credential: PIN, body: { type: 'newGame', players } });

describe('player names', () => {
  it.each([
    ['a control character', ['Ann\u0007', 'Ben'], /U\+0007/],
    ['a right-to-left override', ['\u202Eeil', 'Ben'], /U\+202E/],
    ['a bidi isolate', ['Ann\u2066', 'Ben'], /U\+2066/],
    ['a zero-width space', ['Ann', 'Ann\u200B'], /U\+200B/],
    ['a zero-width joiner', ['Be\u200Dn', 'Cy'], /U\+200D/],
    ['a byte-order mark', ['\uFEFFAnn', 'Ben'], /U\+FEFF/],
    ['full-width look-alikes', ['Ann', 'Ａｎｎ'], /look alike/],
    ['names differing only in case and spaces', ['Ann Lee', 'annlee'], /look alike/],
    ['names differing only in accents', ['Zoë', 'Zoe'], /look alike/],
    ['a name of spaces only', ['Ann', '\u3000 '], /no visible letters/],
  ])('refuses %s', async (_what, players, message) => {
    const r = await newGame(players);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('newGame/players');
    expect(r.body.error.message).toMatch(message);
    expect(server.referee.listGames()).toEqual([]);
  });

  it('accepts names in every script the rule sheets come in', async () => {
    const r = await newGame(['Jürgen', 'Анна', '민준', 'João']);
    expect(r.status).toBe(200);
    expect(r.body.view.players.map((p: { name: string }) => p.name)).toEqual(['Jürgen', 'Анна', '민준', 'João']);
  });
});
