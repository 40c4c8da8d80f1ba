import { describe, expect, it } from 'vitest';
import { jsonLines, red7 } from '../../helpers/cli.ts';

describe('red7 simulate', () => {
  it('plays complete games and reports the summary', async () => {
    const r = await red7(['simulate', '--games', '50', '--players', '3', '--seed', '11', '--advanced', '--actions']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [summary] = jsonLines(r.stdout) as Array<Record<string, number | boolean>>;
    expect(summary).toMatchObject({ games: 50, players: 3, advanced: true, actions: true, seed: 11 });
    expect(summary!.rounds).toBeGreaterThanOrEqual(50);
    expect(summary!.turns).toBeGreaterThan(summary!.rounds as number);
    expect(summary!.eliminations).toBe((summary!.rounds as number) * 2);
    expect(summary!.illegalAttempted).toBeGreaterThan(0);
    expect(summary!.illegalRejected).toBe(summary!.illegalAttempted);
    expect(summary!.canvasFirst).toBeGreaterThan(0);
    expect(summary!.onesWhileBehind).toBeGreaterThan(0);
    expect(summary!.gamesPerSecond).toBeGreaterThan(0);
  });

  it('gives the same games for the same seed', async () => {
    const a = jsonLines((await red7(['simulate', '--games', '20', '--players', '4', '--seed', '5'])).stdout)[0] as Record<string, unknown>;
    const b = jsonLines((await red7(['simulate', '--games', '20', '--players', '4', '--seed', '5'])).stdout)[0] as Record<string, unknown>;
    for (const key of ['rounds', 'turns', 'commands', 'eliminations', 'illegalAttempted']) expect(a[key]).toBe(b[key]);
  });

  it.each([
    [['--games', '0'], /--games/],
    [['--players', '5'], /--players/],
    [['--players', 'four'], /--players/],
    [['--seed', '-1'], /--seed/],
    [['--bogus'], /--bogus/],
    [['--advanced', 'yes'], /--advanced takes no value/],
  ])('refuses %j with a usage message', async (args, message) => {
    const r = await red7(['simulate', ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});
