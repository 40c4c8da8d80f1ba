#!/usr/bin/env node
// Builds the dashboard (web/client → web/client/dist) when it is missing or older than its
// sources, so `npm start` on a fresh clone serves a dashboard and a warm start costs nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = 0;
  for (const name of readdirSync(path)) {
    if (name === 'dist' || name === 'node_modules') continue;
    t = Math.max(t, newest(join(path, name)));
  }
  return t;
}

/** Builds the dashboard if its dist is missing or stale; returns true when it built. */
export function ensureClientBuilt() {
  const index = join(ROOT, 'web/client/dist/index.html');
  const sources = Math.max(newest(join(ROOT, 'web/client')), newest(join(ROOT, 'web/protocol.ts')), newest(join(ROOT, 'device/rules/cards.ts')), newest(join(ROOT, 'device/referee/standing.ts')), newest(join(ROOT, 'shared')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return false;
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/client/vite.config.ts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureClientBuilt();
