import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every data file under a source folder (the model's own folder is linked whole). */
function dataFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' || path === join('vision', 'model') ? [] : dataFiles(path);
    return name.endsWith('.json') || name.endsWith('.bin') ? [path] : [];
  });
}

describe('the compiled companion', () => {
  it('finds every data file the code reads beside itself, so `red7` reads what the sources read', () => {
    // The test setup has built dist/. A file missing there was once read by the sources (and the
    // figures measured with them) while the compiled deck rule silently fell back to a default.
    const files = ['shared', 'device', 'vision', 'web/server'].flatMap(dataFiles);
    expect(files).toEqual(expect.arrayContaining([join('vision', 'deck', 'rule.json'), join('vision', 'locate', 'cloth-pairs.bin')]));
    expect(files.filter((f) => !existsSync(join(ROOT, 'dist', f))).map((f) => relative(ROOT, join(ROOT, f)))).toEqual([]);
  });
});
