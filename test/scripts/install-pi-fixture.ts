// What the install-pi tests share: a root laid out like a fresh Raspberry Pi OS image, a small
// checkout with the app's contract for the installer, and a way to see which files a run added,
// kept, changed or removed.
//
// The checkout has no npm dependencies, so its `npm ci` is real and takes seconds rather than the
// minutes the app's 450 MB of packages take; its `build:client` writes the dashboard's index.html,
// and its bin/red7.js is this tree's real command line, so the journal check is the app's own.
import { spawn } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const SCRIPT = join(REPO, 'scripts/install-pi.sh');
/** A run that copies, runs npm ci and builds: generous for a loaded machine. */
export const RUN_TIMEOUT_MS = 300_000;
/** A test or hook here makes up to three such runs. */
export const STEP_TIMEOUT_MS = 3 * RUN_TIMEOUT_MS;

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}

/** A root laid out like a fresh Raspberry Pi OS image, as far as the script looks. */
export function piRoot(): string {
  const root = tempDir('red7-root-');
  for (const dir of ['boot/firmware', 'etc/systemd/system', 'etc/udev/rules.d', 'etc/avahi/services', 'opt', 'var/lib']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  writeFileSync(join(root, 'boot/firmware/config.txt'), '[all]\ndtparam=audio=on\n');
  writeFileSync(join(root, 'etc/hosts'), '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n');
  writeFileSync(join(root, 'etc/hostname'), 'raspberrypi\n');
  return root;
}

/** A checkout holding the installer, its templates and a dependency-free app (see the header). */
export function checkout(version = '1.0.0'): string {
  const src = tempDir('red7-checkout-');
  cpSync(join(REPO, 'scripts/install-pi.sh'), join(src, 'scripts/install-pi.sh'));
  cpSync(join(REPO, 'scripts/pi'), join(src, 'scripts/pi'), { recursive: true });
  const name = 'red7-checkout';
  writeFileSync(join(src, 'package.json'), JSON.stringify({ name, version, private: true, type: 'module', scripts: { 'build:client': 'node build-client.mjs' } }));
  writeFileSync(join(src, 'package-lock.json'), JSON.stringify({ name, version, lockfileVersion: 3, requires: true, packages: { '': { name, version } } }));
  writeFileSync(
    join(src, 'build-client.mjs'),
    "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('web/client/dist', { recursive: true });\n" +
      `writeFileSync('web/client/dist/index.html', '<!doctype html><title>Red7 ${version}</title>');\n`,
  );
  mkdirSync(join(src, 'bin'));
  writeFileSync(join(src, 'bin/red7.js'), `await import(${JSON.stringify(join(REPO, 'bin/red7.js'))});\n`);
  // What a developer's checkout holds and the installer must leave behind.
  for (const dir of ['node_modules/left-out', 'data', '.git', 'web/client/dist']) mkdirSync(join(src, dir), { recursive: true });
  writeFileSync(join(src, 'data/red7.db'), 'a developer journal');
  writeFileSync(join(src, '.git/HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(src, 'web/client/dist/stale.js'), '');
  return src;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without blocking the test worker (a blocked worker misses vitest's own calls on a loaded machine). */
export function runAsync(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...options.env }, timeout: RUN_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runAsync('bash', [script, ...args], { env });
}

/** Every file and symlink under a folder, by relative path, with a hash of its content and its mode. */
export function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = lstatSync(full);
      if (stat.isDirectory()) walk(full);
      else {
        const body = stat.isSymbolicLink() ? 'link' : createHash('sha256').update(readFileSync(full)).digest('hex');
        files.set(relative(dir, full), `${(stat.mode & 0o777).toString(8)} ${body}`);
      }
    }
  };
  walk(dir);
  return files;
}

/** Which files a run added, removed and changed, each list sorted. */
export function changes(before: Map<string, string>, after: Map<string, string>): { added: string[]; removed: string[]; changed: string[] } {
  const added = [...after.keys()].filter((k) => !before.has(k)).sort();
  const removed = [...before.keys()].filter((k) => !after.has(k)).sort();
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k)).sort();
  return { added, removed, changed };
}

/** The app's files as the install puts them in /opt/red7 (relative to the root). */
export const APP_FILES = [
  'opt/red7/bin/red7.js',
  'opt/red7/build-client.mjs',
  'opt/red7/package-lock.json',
  'opt/red7/package.json',
  'opt/red7/scripts/install-pi.sh',
  'opt/red7/scripts/pi/README.md',
  'opt/red7/scripts/pi/avahi/red7.service',
  'opt/red7/scripts/pi/systemd/red7.service',
  'opt/red7/scripts/pi/udev/99-red7-panel.rules',
  'opt/red7/web/client/dist/index.html',
];

/** The system files the install writes (relative to the root). */
export const SYSTEM_FILES = [
  'etc/avahi/services/red7.service',
  'etc/red7/install.state',
  'etc/red7/red7.env',
  'etc/systemd/system/red7.service',
  'etc/udev/rules.d/99-red7-panel.rules',
];
