import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import setup, { RUN_PREFIX } from './tmpdir.ts';

describe('the test run\'s temporary folder', () => {
  it('holds the throwaway folders of the suites, not the machine\'s /tmp', () => {
    const made = mkdtempSync(join(tmpdir(), 'red7-probe-'));
    expect(basename(dirname(made))).toMatch(new RegExp(`^${RUN_PREFIX}`));
  });

  it('is made once for the run, however many projects run the setup', () => {
    const before = process.env.TMPDIR;
    setup()();
    expect(process.env.TMPDIR).toBe(before);
    expect(existsSync(before!)).toBe(true);
  });

  it('is removed with everything in it when the run ends, and TMPDIR is put back', () => {
    const before = process.env.TMPDIR;
    delete process.env.TMPDIR;
    let run: string;
    try {
      const teardown = setup();
      run = process.env.TMPDIR!;
      mkdtempSync(join(tmpdir(), 'red7-left-'));
      teardown();
      expect(process.env.TMPDIR).toBeUndefined();
    } finally {
      // The rest of this file's tests run in the same worker and must keep the run's folder.
      process.env.TMPDIR = before;
    }
    expect(() => mkdtempSync(join(run, 'x-'))).toThrow(/ENOENT/);
  });
});
