import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('the browser helpers', () => {
  it('load outside a test run, as npm run bench loads them', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "const m = await import('./test/web/browser/chromium.ts'); console.log(typeof m.launchChromium)"], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).not.toMatch(/Vitest failed/);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('function');
  });
});
