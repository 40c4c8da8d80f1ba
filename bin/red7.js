#!/usr/bin/env node
// The `red7` command. The sources are TypeScript; tsx compiles them on load so that
// `npm install && npx red7 …` works with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../device/cli.ts');
process.exitCode = await main(process.argv.slice(2));
