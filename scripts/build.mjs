#!/usr/bin/env node
// Compiles the companion (device, vision, web/server, web/protocol.ts) to JavaScript in dist/, so
// `red7` runs plain JavaScript and compiles nothing at start. `--if-stale` builds only when a
// source is newer than the last build (prestart and the test setup use it).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const STAMP = join(DIST, '.built');
const SOURCES = ['shared', 'device', 'vision', 'web/server', 'web/protocol.ts', 'tsconfig.json', 'tsconfig.build.json'];
/** Files the compiled code reads beside itself: linked, not copied, so a retrained model or a rebuilt dashboard is seen at once. */
const ASSETS = ['vision/model', 'vision/second-look', 'vision/deck/rule.json', 'vision/locate/cloth-pairs.json', 'vision/locate/cloth-pairs.bin', 'vision/locate/cloth-pairs-2.bin', 'device/demo/recorded-game.json', 'web/client/dist'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'train') continue;
    t = Math.max(t, newest(join(path, name)));
  }
  return t;
}

/** True when dist/ is missing or older than a source. */
export function isStale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newest(join(ROOT, s)) > built);
}

export function build() {
  rmSync(DIST, { recursive: true, force: true });
  execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  for (const asset of ASSETS) {
    const link = join(DIST, asset);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), join(ROOT, asset)), link);
  }
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

/** Builds when stale; returns true when it built. */
export function ensureBuilt() {
  if (!isStale()) return false;
  build();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale')) ensureBuilt();
  else build();
}
