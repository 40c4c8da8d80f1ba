import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '../../../vision/train/recalibrate.ts');
const SHIPPED = join(import.meta.dirname, '../../../vision/model/metadata.json');

function recalibrate(...args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stderr: r.stderr };
}

describe('npm run calibrate', () => {
  it('refuses a validation set too small to set a threshold on, before rendering anything', () => {
    const r = recalibrate('--val', '5');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--val must be a whole number of photos, at least 100, not "5"/);
  });

  it('refuses an option it does not know', () => {
    const r = recalibrate('--photos', '3000');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--photos/);
  });

  it('says so when the folder holds no model', () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-recal-'));
    try {
      const r = recalibrate('--model', dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/cannot read the model's metadata: ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a model whose metadata does not say how it was trained, and leaves the file as it was', () => {
    const dir = mkdtempSync(join(tmpdir(), 'red7-recal-'));
    try {
      const m = JSON.parse(readFileSync(SHIPPED, 'utf8')) as Record<string, unknown>;
      delete m.training;
      const text = JSON.stringify(m);
      writeFileSync(join(dir, 'metadata.json'), text);
      const r = recalibrate('--model', dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/does not say the training seed/);
      expect(readFileSync(join(dir, 'metadata.json'), 'utf8')).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
