// The journal's files on disk: created owner-only (they name face-down cards), an empty red7.db
// refused rather than silently replaced, a read-only folder reported as read-only (not as a
// damaged journal), and one companion per data folder.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Referee } from '../../../device/referee/referee.ts';
import { cleanupDirs, startedReferee, submitAll, tempDir } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const started: Referee[] = [];
afterEach(async () => {
  for (const r of started.splice(0)) await r.stop();
  cleanupDirs();
});

describe('the journal’s files', () => {
  it('are created readable and writable by their owner only: red7.db, -wal and -shm', async () => {
    const dir = tempDir();
    const referee = await startedReferee({ dataDir: dir });
    started.push(referee);
    await submitAll(referee, [{ type: 'newGame', players: ['Ann', 'Ben'] }]);
    for (const f of ['red7.db', 'red7.db-wal', 'red7.db-shm']) expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
  });

  it('refuses an empty red7.db instead of turning it into a new journal, and leaves it as it is', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'red7.db'), '');
    await expect(new Referee({ dataDir: dir }).start()).rejects.toThrow(/red7\.db is empty \(0 bytes\), not a red7 journal.*move it away/);
    expect(statSync(join(dir, 'red7.db')).size).toBe(0);
    expect(existsSync(join(dir, 'red7.db-wal'))).toBe(false);
  });

  it('reports a read-only data folder as read-only, not as a damaged journal', async () => {
    const dir = tempDir();
    const referee = await startedReferee({ dataDir: dir });
    await submitAll(referee, [{ type: 'newGame', players: ['Ann', 'Ben'] }]);
    await referee.stop();
    chmodSync(dir, 0o755);
    // Root may write anywhere: the companion is started as another user, as on a Pi whose folder belongs to someone else.
    const run = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', 'tsx', '-e',
      `import('./device/referee/referee.ts').then(async ({ Referee }) => { try { await new Referee({ dataDir: ${JSON.stringify(dir)} }).start(); console.log('started'); } catch (e) { console.log(e.message); } })`,
    ], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HOME: '/tmp', TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.json') }, timeout: 60_000 });
    const said = `${run.stdout}${run.stderr}`;
    expect(said).toMatch(new RegExp(`the data folder ${dir} is read-only for this user`));
    expect(said).toMatch(/the journal is not damaged/);
    expect(said).not.toMatch(/corrupt/);
    expect(statSync(join(dir, 'red7.db')).size).toBeGreaterThan(0);
  });

  it('is locked to one companion: a second one on the same folder refuses, naming the folder and the running one', async () => {
    const dir = tempDir();
    started.push(await startedReferee({ dataDir: dir }));
    const second = new Referee({ dataDir: dir });
    await expect(second.start()).rejects.toThrow(new RegExp(`the data folder ${dir} is in use by another companion \\(pid ${process.pid}, running since`));
    // Reading the journal (red7 state, games, export) stays possible while it runs.
    const reader = new Referee({ dataDir: dir, readonly: true });
    await reader.start();
    await reader.stop();
    expect(JSON.parse(readFileSync(join(dir, 'red7.lock.pid'), 'utf8')).pid).toBe(process.pid);
  });

  it('is unlocked again when the companion stops', async () => {
    const dir = tempDir();
    const first = await startedReferee({ dataDir: dir });
    await first.stop();
    started.push(await startedReferee({ dataDir: dir }));
  });
});
