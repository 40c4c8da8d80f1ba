// scripts/install-pi.sh over a Pi-like temp root: an install, a second install from a newer
// checkout (the update), and an uninstall, each checked for exactly the files it adds, keeps,
// changes and removes; the table's data (journal, referee PIN, paired phones, deck profiles)
// survives the update and the uninstall, and a journal the new version cannot open stops the update.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_FILES, changes, checkout, piRoot, REPO, type Run, runAsync, runScript, snapshot, STEP_TIMEOUT_MS, SYSTEM_FILES } from './install-pi-fixture.ts';

vi.setConfig({ testTimeout: STEP_TIMEOUT_MS, hookTimeout: STEP_TIMEOUT_MS });

const DATA = 'var/lib/red7';
const DATA_FILES = [`${DATA}/decks/home.json`, `${DATA}/red7.db`, `${DATA}/referee-pin`, `${DATA}/seat-tokens.json`];

/** A data folder as a table leaves it: a journal with one game, a PIN, a paired phone, a deck profile. */
async function seedData(root: string): Promise<void> {
  const data = join(root, DATA);
  mkdirSync(join(data, 'decks'), { recursive: true });
  const play = await runAsync(process.execPath, [join(REPO, 'bin/red7.js'), 'play', '--data', data], { input: '{"type":"newGame","players":["Ann","Bo"]}\n' });
  expect(play.stdout).toMatch(/^\{"ok":true,"seq":1,/);
  writeFileSync(join(data, 'referee-pin'), '4821\n', { mode: 0o600 });
  writeFileSync(join(data, 'seat-tokens.json'), JSON.stringify([{ token: 'f'.repeat(32), seat: 1 }]), { mode: 0o600 });
  writeFileSync(join(data, 'decks/home.json'), '{"name":"home deck"}');
}

describe('scripts/install-pi.sh installs, updates and uninstalls', () => {
  let root: string;
  let fresh: Map<string, string>;
  let installed: Map<string, string>;
  let seeded: Map<string, string>;
  let updated: Map<string, string>;
  const file = (path: string) => readFileSync(join(root, path), 'utf8');

  beforeAll(async () => {
    root = piRoot();
    fresh = snapshot(root);
    const first = await runScript(join(checkout('1.0.0'), 'scripts/install-pi.sh'), ['--root', root]);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    installed = snapshot(root);
    await seedData(root);
    seeded = snapshot(root);
  });

  it('adds the app with its built dashboard and the system files, and marks the pull-up in config.txt', async () => {
    expect(changes(fresh, installed)).toEqual({ added: [...APP_FILES, ...SYSTEM_FILES].sort(), removed: [], changed: ['boot/firmware/config.txt'] });
    expect(file('opt/red7/web/client/dist/index.html')).toContain('Red7 1.0.0');
  });

  it('leaves the host name and /etc/hosts alone when no --hostname is given', async () => {
    expect(file('etc/hostname')).toBe('raspberrypi\n');
    expect(file('etc/hosts')).toBe('127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n');
  });

  describe('run again from a newer checkout with --hostname red7 (the update)', () => {
    let run: Run;

    beforeAll(async () => {
      run = await runScript(join(checkout('1.1.0'), 'scripts/install-pi.sh'), ['--root', root, '--hostname', 'red7']);
      updated = snapshot(root);
    });

    it('says it is updating and that the data is kept', async () => {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`updating the companion in ${join(root, 'opt/red7')}; the data in ${join(root, DATA)} is kept`);
      expect(run.stdout).toContain(`the new version opens the journal ${join(root, DATA, 'red7.db')}`);
      expect(run.stdout).toContain('done: the dashboard will be at http://red7.local:8080');
    });

    it('changes the new code, the rebuilt dashboard, the host name and the record, and keeps every data file byte for byte', async () => {
      expect(changes(seeded, updated)).toEqual({
        added: [],
        removed: [],
        changed: ['etc/hostname', 'etc/hosts', 'etc/red7/install.state', 'opt/red7/build-client.mjs', 'opt/red7/package-lock.json', 'opt/red7/package.json', 'opt/red7/web/client/dist/index.html'],
      });
      for (const path of DATA_FILES) expect(updated.get(path)).toBe(seeded.get(path));
      expect(file('opt/red7/web/client/dist/index.html')).toContain('Red7 1.1.0');
    });

    it('leaves a journal the new version reads: the game, the PIN and the pairing are there', async () => {
      const games = await runAsync(process.execPath, [join(root, 'opt/red7/bin/red7.js'), 'games', '--data', join(root, DATA), '--json']);
      expect(games.stderr).toBe('');
      expect(JSON.parse(games.stdout)).toMatchObject({ id: 1, players: ['Ann', 'Bo'], commands: 1 });
      expect(file(`${DATA}/referee-pin`)).toBe('4821\n');
      expect(JSON.parse(file(`${DATA}/seat-tokens.json`))).toEqual([{ token: 'f'.repeat(32), seat: 1 }]);
    });

    it('renames the machine and maps the new name with one marked line before the old one', async () => {
      expect(file('etc/hostname')).toBe('red7\n');
      expect(file('etc/hosts')).toBe('127.0.0.1\tlocalhost\n127.0.1.1\tred7\t# added by red7 install-pi.sh\n127.0.1.1\traspberrypi\n');
      expect(run.stdout).toContain('+ hostnamectl set-hostname red7');
      expect(file('etc/red7/install.state')).toContain('previous_hostname=raspberrypi\nhostname=red7\n');
    });

    it('does nothing twice when run a third time: no second hosts line, no second pull-up', async () => {
      const before = snapshot(root);
      const again = await runScript(join(REPO, 'scripts/install-pi.sh'), ['--root', root, '--hostname', 'red7', '--dry-run']);
      expect(again.status).toBe(0);
      for (const path of ['etc/hosts', 'etc/hostname', 'boot/firmware/config.txt', 'etc/systemd/system/red7.service', 'etc/red7/install.state']) {
        expect(again.stdout).toContain(`unchanged ${join(root, path)}`);
      }
      expect(again.stdout).not.toContain('hostnamectl');
      expect(snapshot(root)).toEqual(before);
    });
  });

  describe('an update from a checkout whose journal schema is older than the journal', () => {
    it('refuses with the reason and leaves the installed app and the journal as they were', async () => {
      const journal = join(root, DATA, 'red7.db');
      const db = new Database(journal);
      db.pragma('user_version = 99');
      db.close();
      const before = snapshot(root);
      const run = await runScript(join(checkout('2.0.0'), 'scripts/install-pi.sh'), ['--root', root]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        'install-pi: the new version cannot use the journal, so it stopped and the installed version is as it was: ' +
          `the journal ${journal} was written by a newer version of the companion (schema 99; this one knows up to 2): upgrade the companion; the file was left untouched\n`,
      );
      expect(snapshot(root)).toEqual(before);
      const restore = new Database(journal);
      restore.pragma('user_version = 2');
      restore.close();
    });
  });

  describe('an update over a journal of an older schema', () => {
    it('goes ahead and leaves the journal to the app, which migrates it forward when it opens it', async () => {
      const journal = join(root, DATA, 'red7.db');
      const db = new Database(journal);
      db.exec('DROP INDEX commands_delivery');
      db.pragma('user_version = 1');
      db.close();
      const before = snapshot(root).get(`${DATA}/red7.db`);
      const run = await runScript(join(checkout('1.2.0'), 'scripts/install-pi.sh'), ['--root', root]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`the new version opens the journal ${journal} (and migrates it forward at its start)`);
      expect(snapshot(root).get(`${DATA}/red7.db`)).toBe(before);
      const play = await runAsync(process.execPath, [join(root, 'opt/red7/bin/red7.js'), 'play', '--data', join(root, DATA)]);
      expect(play.status).toBe(0);
      const migrated = new Database(journal, { readonly: true });
      expect(migrated.pragma('user_version', { simple: true })).toBe(2);
      migrated.close();
    });
  });

  describe('--uninstall', () => {
    let run: Run;
    let before: Map<string, string>;
    let after: Map<string, string>;

    beforeAll(async () => {
      before = snapshot(root);
      run = await runScript(join(REPO, 'scripts/install-pi.sh'), ['--root', root, '--uninstall']);
      after = snapshot(root);
    });

    it('removes everything the install added and gives back the host name, /etc/hosts and config.txt as they were', async () => {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const back = changes(fresh, after);
      // Left: the data folder as the app left it (with the journal's -wal and -shm after the runs above).
      const data = [...before.keys()].filter((path) => path.startsWith(`${DATA}/`)).sort();
      expect(data).toEqual(expect.arrayContaining(DATA_FILES));
      expect(back).toEqual({ added: data, removed: [], changed: [] });
      expect(run.stdout).toContain('+ systemctl disable --now red7.service');
      expect(run.stdout).toContain('+ hostnamectl set-hostname raspberrypi');
    });

    it('keeps the data folder and says how to remove it', async () => {
      for (const path of DATA_FILES) expect(after.get(path)).toBe(before.get(path));
      expect(run.stdout).toContain(`the data in ${join(root, DATA)} was kept (journal, referee PIN, paired phones): --purge removes it`);
    });

    it('removes the data folder too with --purge, and finds nothing else to remove', async () => {
      const purge = await runScript(join(REPO, 'scripts/install-pi.sh'), ['--root', root, '--uninstall', '--purge']);
      expect(purge.status).toBe(0);
      expect(purge.stdout.split('\n').filter((line) => /^(removed|wrote) /.test(line))).toEqual([`removed ${join(root, DATA)}`]);
      expect(snapshot(root)).toEqual(fresh);
      expect(existsSync(join(root, DATA))).toBe(false);
    });
  });
});
