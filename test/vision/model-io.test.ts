import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMetadata } from '../../vision/model-io.ts';
import { JOIN_POWER, VIEWS } from '../../vision/views.ts';

const SHIPPED = join(import.meta.dirname, '../../vision/model');

/** The shipped metadata with one field changed, in a folder of its own. */
function withMetadata(change: (m: Record<string, unknown>) => void, test: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'red7-meta-'));
  try {
    const m = JSON.parse(readFileSync(join(SHIPPED, 'metadata.json'), 'utf8')) as Record<string, unknown>;
    change(m);
    writeFileSync(join(dir, 'metadata.json'), JSON.stringify(m));
    test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('model metadata', () => {
  it('of the shipped model records the join its threshold was set on', () => {
    expect(readMetadata(SHIPPED).joinPower).toBe(JOIN_POWER);
  });

  it('is refused when its threshold was set on views joined another way', () => {
    withMetadata((m) => { m.joinPower = JOIN_POWER + 1; }, (dir) => {
      expect(() => readMetadata(dir)).toThrow(/not valid model metadata.*joinPower/s);
    });
  });

  it('is refused when it does not say how its views were joined (a model calibrated before the join was squared)', () => {
    withMetadata((m) => { delete m.joinPower; }, (dir) => {
      expect(() => readMetadata(dir)).toThrow(/not valid model metadata.*joinPower/s);
    });
  });

  it('of the shipped model records how many views its threshold was set on', () => {
    expect(readMetadata(SHIPPED).views).toBe(VIEWS.length);
  });

  it('is refused when its threshold was set on another number of views', () => {
    withMetadata((m) => { m.views = VIEWS.length - 2; }, (dir) => {
      expect(() => readMetadata(dir)).toThrow(/not valid model metadata.*views/s);
    });
  });
});
