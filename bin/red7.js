#!/usr/bin/env node
// The `red7` command. It runs the JavaScript compiled into dist/ (`npm run build`, which `npm ci`,
// `npm start` and the installer run), so a start compiles no TypeScript.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/device/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('red7: the companion is not built: run `npm run build` (npm ci does it)\n');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
