import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mixSeed } from '../../../vision/random.ts';
import { runInProcess, runInThread } from '../../../vision/train/workers.ts';

const fixture = (name: string): URL => new URL(`./fixtures/${name}.ts`, import.meta.url);

describe('training worker threads', () => {
  it('run a TypeScript module with its job and hand back its log lines and result', async () => {
    const lines: string[] = [];
    const result = await runInThread<{ doubled: number; mixed: number }>(fixture('echo-thread'), { n: 21 }, (l) => lines.push(l));
    expect(result).toEqual({ doubled: 42, mixed: mixSeed(21, 1) });
    expect(lines).toEqual(['doubling 21']);
  });

  it('reject with the worker\'s own error when its module throws', async () => {
    await expect(runInThread(fixture('failing-thread'), { what: 'nothing' })).rejects.toThrow(/always fails/);
  });

  it('reject when the module does not exist', async () => {
    await expect(runInThread(fixture('no-such-worker'), {})).rejects.toThrow(/no-such-worker/);
  });
});

describe('training worker processes', () => {
  it('run a TypeScript module with its job, typed arrays included, and hand back its log lines and result', async () => {
    const lines: string[] = [];
    const result = await runInProcess<{ doubled: number; mixed: number; rows: Float32Array }>(fixture('echo-process'), { n: 21, rows: Float32Array.of(1, 2.5) }, (l) => lines.push(l));
    expect(result.doubled).toBe(42);
    expect(result.mixed).toBe(mixSeed(21, 1));
    expect(result.rows).toEqual(Float32Array.of(2, 5));
    expect(lines).toEqual(['doubling 21']);
  }, 30_000);

  it('reject with what the process printed when its job fails', async () => {
    const lines: string[] = [];
    await expect(runInProcess(fixture('failing-process'), { what: 'nothing' }, (l) => lines.push(l))).rejects.toThrow(/exited with code 1 before its result:[\s\S]*always fails/);
    expect(lines).toEqual(['asked for nothing']);
  }, 30_000);

  it('reject when the module does not exist', async () => {
    await expect(runInProcess(fixture('no-such-worker'), {})).rejects.toThrow(/no-such-worker/);
  }, 30_000);

  it('explain themselves when someone runs one directly instead of through runInProcess', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../../vision/train/data-worker.ts', import.meta.url))], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/runs as a training worker process/);
  }, 30_000);
});
