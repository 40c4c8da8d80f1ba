import { defineConfig } from 'vitest/config';

/** The drills run the whole companion for minutes; each runs alone, after every other suite. */
const DRILLS = ['test/drills/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/setup/tmpdir.ts', 'test/setup/build.ts'],
    // End-to-end suites (firmware in simavr, chromium, crash drills) need room on a loaded 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: most suites wait on child processes, sockets and simavr more than they
    // compute, and vitest's default on two cores (one worker) ran the whole suite in a row.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      { extends: true, test: { name: 'suites', include: ['test/**/*.test.ts'], exclude: DRILLS, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'drills', include: DRILLS, sequence: { groupOrder: 1 }, poolOptions: { forks: { singleFork: true } } } },
    ],
  },
});
