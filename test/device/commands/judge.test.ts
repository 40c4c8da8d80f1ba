import { describe, expect, it } from 'vitest';
import { jsonLines, red7, red7Process } from '../../helpers/cli.ts';

describe('red7 judge', () => {
  it('names the leader, its satisfying set strongest first, and its points', async () => {
    const r = await red7(['judge'], '{"rule":"indigo","palettes":[["R7","B3"],["G5","G6"]]}\n');
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)).toEqual([{ leader: 1, scored: ['G6', 'G5'], points: 11 }]);
  });

  it('answers null when nobody satisfies the rule', async () => {
    const r = await red7(['judge'], '{"rule":"green","palettes":[["R7","B3"],["V5"]]}\n');
    expect(jsonLines(r.stdout)).toEqual([{ leader: null, scored: [], points: 0 }]);
  });

  it('answers a bad line with an error line, still judges the others, and exits 1', async () => {
    const input = [
      '{"rule":"red","palettes":[["R1"],["O2"]]}',
      'not json',
      '{"rule":"pink","palettes":[["R1"]]}',
      '{"rule":"red","palettes":[["R8"]]}',
      '{"rule":"red","palettes":[["R1"],["R1"]]}',
      '{"rule":"red","palettes":"R1"}',
      '[1,2]',
      '{"rule":"violet","palettes":[["V1"],["O2"]]}',
    ].join('\n');
    const r = await red7(['judge'], input);
    expect(r.code).toBe(1);
    const lines = jsonLines(r.stdout) as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual({ leader: 1, scored: ['O2'], points: 2 });
    for (const bad of lines.slice(1, 7)) expect(typeof bad.error).toBe('string');
    expect(lines[3]!.error).toMatch(/R8/);
    expect(lines[4]!.error).toMatch(/twice/);
    expect(lines[7]).toEqual({ leader: 1, scored: ['O2'], points: 2 });
  });

  it('works as a real command through npx-style bin/red7.js', () => {
    const r = red7Process(['judge'], '{"rule":"blue","palettes":[["R7","R6"],["V1","I2"]]}\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)).toEqual([{ leader: 1, scored: ['I2', 'V1'], points: 3 }]);
  });
});
