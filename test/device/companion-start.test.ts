// Starting the companion as a user would (`red7 start`, a child process): a second companion on
// the same data folder refuses to start and says which one runs there; a configured panel that
// is not plugged in is shown as missing and waited for, not as if it were there.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDataDir, startService, type Service } from '../helpers/service.ts';

const services: Service[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.kill('SIGTERM');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = freshDataDir();
  dirs.push(d);
  return d;
}

describe('red7 start', () => {
  it('refuses a second companion on the same data folder, naming the folder and the running one’s pid', async () => {
    const dir = dataDir();
    const first = await startService(dir);
    services.push(first);
    const second = await startService(dir).then((s) => { services.push(s); return 'started'; }, (e: Error) => e.message);
    expect(second).toMatch(new RegExp(`the data folder ${dir} is in use by another companion \\(pid ${first.child.pid}, running since`));
    // The first one is unharmed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it('shows a configured panel that is not plugged in as missing and waited for', async () => {
    const service = await startService(dataDir(), { RED7_PANEL: '/dev/ttyACM7' });
    services.push(service);
    expect(service.output()).toMatch(/panel:\s+serial \/dev\/ttyACM7 — missing: not plugged in \(or another name\); waiting for it to appear/);
  });
});
