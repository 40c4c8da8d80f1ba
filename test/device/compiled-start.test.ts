import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freshDataDir, startService } from '../helpers/service.ts';

const REPO = pathToFileURL(fileURLToPath(new URL('../..', import.meta.url))).href;
const RECORDER = fileURLToPath(new URL('../helpers/load-recorder.mjs', import.meta.url));

describe('red7 start', () => {
  it('runs the compiled JavaScript in dist/ and loads no TypeScript and no tsx', async () => {
    const log = join(mkdtempSync(join(tmpdir(), 'red7-loads-')), 'loads.txt');
    const service = await startService(freshDataDir(), { NODE_OPTIONS: `--import=${RECORDER}`, RED7_LOAD_LOG: log });
    await service.kill('SIGTERM');
    const loads = readFileSync(log, 'utf8').trim().split('\n');
    const project = loads.filter((url) => url.startsWith(REPO) && !url.includes('/node_modules/'));
    expect(project).toContain(`${REPO}dist/device/cli.js`);
    expect(project).toContain(`${REPO}dist/device/main.js`);
    expect(project.filter((url) => /\.[cm]?tsx?$/.test(url))).toEqual([]);
    expect(project.filter((url) => !url.startsWith(`${REPO}dist/`) && !url.startsWith(`${REPO}bin/`) && !url.startsWith(`${REPO}test/helpers/load-recorder`))).toEqual([]);
    expect(loads.filter((url) => url.includes('/node_modules/tsx/'))).toEqual([]);
  });
});
