import { afterEach, describe, expect, it } from 'vitest';
import type { CardScanner, RefereeUpdate } from '../../../device/referee/types.ts';
import { cleanupDirs, OPENING, startedReferee, submitAll } from './helpers.ts';

afterEach(cleanupDirs);

/** A scanner that answers from a list and records what it was asked. */
function scripted(answers: Array<Awaited<ReturnType<CardScanner>> | Error>): CardScanner & { calls: Array<{ seat: number; exclude: string[] }> } {
  const calls: Array<{ seat: number; exclude: string[] }> = [];
  const scanner = (async (seat: number, exclude: string[]) => {
    calls.push({ seat, exclude });
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    if (next instanceof Error) throw next;
    return next;
  }) as CardScanner & { calls: typeof calls };
  scanner.calls = calls;
  return scanner;
}

describe('a play without its card', () => {
  it('asks the scanner, ruling out the visible cards, and plays what it reads', async () => {
    const scanner = scripted([{ card: 'O5' }]);
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(r.ok && r.view.players[0]!.palette).toEqual(['R3', 'O5']);
    expect(scanner.calls).toEqual([{ seat: 0, exclude: expect.arrayContaining(['R3', 'B4', 'G6']) }]);
    expect(scanner.calls[0]!.exclude).toHaveLength(3);
  });

  it('journals the card it read, so a replay needs no camera', async () => {
    const scanner = scripted([{ card: 'O5' }]);
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING);
    await referee.submit({ type: 'play', seat: 0, to: 'palette' });
    const exported = referee.exportGame(1)!;
    expect(exported.commands[4]!.command).toEqual({ type: 'play', seat: 0, to: 'palette', card: 'O5' });
  });

  it('refuses with scan/rescan and tells the table the alternatives when the read is not confident', async () => {
    const alternatives = [{ card: 'B5', p: 0.41 }, { card: 'I5', p: 0.38 }];
    const referee = await startedReferee({ scanner: scripted([{ rescan: true, alternatives, reason: 'low confidence' }]) });
    await submitAll(referee, OPENING);
    const heard: RefereeUpdate[] = [];
    referee.subscribe((u) => heard.push(u));
    const r = await referee.submit({ type: 'play', seat: 0, to: 'canvas' });
    expect(!r.ok && r.error.code).toBe('scan/rescan');
    expect(heard).toHaveLength(1);
    expect(heard[0]!.events).toEqual([{ type: 'rescanNeeded', seat: 0, alternatives }]);
    expect(heard[0]!.announcements).toEqual(["Ann's card could not be read: scan it again or pick it by hand."]);
    expect(referee.publicView().warning).toMatchObject({ code: 'scan/rescan', seat: 0 });
    expect(referee.publicView().seq).toBe(4);
  });

  it('refuses with scan/unavailable when there is no scanner', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(!r.ok && r.error.code).toBe('scan/unavailable');
  });

  it('refuses with scan/unavailable when the scanner fails', async () => {
    const referee = await startedReferee({ scanner: scripted([new Error('camera unplugged')]) });
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(r).toEqual({ ok: false, error: { code: 'scan/unavailable', message: expect.stringContaining('camera unplugged') } });
  });

  it('does not scan for a play out of turn: the rules refuse it first', async () => {
    const scanner = scripted([{ card: 'O5' }]);
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 2, to: 'palette' });
    expect(!r.ok && r.error.code).toBe('turn/not-your-turn');
    expect(scanner.calls).toEqual([]);
  });

  it('flags a refused play to the table whether its card was scanned or entered', async () => {
    const referee = await startedReferee({ scanner: scripted([{ card: 'G2' }]) });
    await submitAll(referee, OPENING);
    const heard: RefereeUpdate[] = [];
    referee.subscribe((u) => heard.push(u));
    // Ann's G2 on the canvas stands for now (a palette card may still follow it: the canvas-first order);
    // a second canvas card in the same turn is refused and flagged.
    const first = await referee.submit({ type: 'play', seat: 0, to: 'canvas' });
    expect(first.ok).toBe(true);
    const second = await referee.submit({ type: 'play', seat: 0, to: 'canvas', card: 'V2' });
    expect(!second.ok && second.error.code).toBe('turn/second-canvas');
    expect(heard.at(-1)!.events[0]).toMatchObject({ type: 'illegalPlay', seat: 0, code: 'turn/second-canvas' });
  });

  it('keeps the queue: commands sent during a slow scan wait their turn', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const scanner: CardScanner = async () => {
      await gate;
      return { card: 'O5' };
    };
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING);
    const play = referee.submit({ type: 'play', seat: 0, to: 'palette' });
    const end = referee.submit({ type: 'endTurn', seat: 0 });
    release();
    const [p, e] = await Promise.all([play, end]);
    expect(p.ok && p.seq).toBe(5);
    expect(e.ok && e.seq).toBe(6);
  });
});

describe('a deal without its card', () => {
  it('asks the scanner for the seat\'s starting card, ruling out the cards already dealt, and journals it', async () => {
    const scanner = scripted([{ card: 'B4' }]);
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING.slice(0, 2));
    const r = await referee.submit({ type: 'deal', seat: 1 });
    expect(r.ok && r.view.players[1]!.palette).toEqual(['B4']);
    expect(scanner.calls).toEqual([{ seat: 1, exclude: ['R3'] }]);
    expect(referee.exportGame(1)!.commands[2]!.command).toEqual({ type: 'deal', seat: 1, card: 'B4' });
  });

  it('does not scan for a seat that already has its starting card', async () => {
    const scanner = scripted([]);
    const referee = await startedReferee({ scanner });
    await submitAll(referee, OPENING.slice(0, 2));
    const r = await referee.submit({ type: 'deal', seat: 0 });
    expect(r.ok || r.error.code).toBe('deal/already-dealt');
    expect(scanner.calls).toEqual([]);
  });
});
