import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = join(REPO, '.dependency-cruiser.cjs');
const KNOWN = join(REPO, '.dependency-cruiser-known-violations.json');
const DEPCRUISE = join(REPO, 'node_modules/.bin/depcruise');

interface Cruise {
  code: number;
  output: string;
}

/** Runs dependency-cruiser with the project's rules over `folders` of `cwd`. */
function cruise(cwd: string, folders: string[], extra: string[] = []): Promise<Cruise> {
  return new Promise((resolve, reject) => {
    execFile(DEPCRUISE, ['--config', CONFIG, '--output-type', 'err', ...extra, ...folders], { cwd, timeout: 120_000 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') reject(err);
      else resolve({ code: err ? Number(err.code) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

/** A small tree laid out like the project's, from relative paths to file contents. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'red7-layering-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the layering', () => {
  it('holds for the project: no cycle, shared and rules import nothing, the referee only rules, hardware, vision and web never each other', async () => {
    const result = await cruise(REPO, ['shared', 'device', 'vision', 'web', 'bin'], ['--ignore-known', KNOWN]);
    expect(result.output).not.toMatch(/error /);
    expect(result.code).toBe(0);
  });

  it('fails on a tree that breaks each rule, naming the rule and the import', async () => {
    const root = tree({
      'device/rules/cards.ts': "import { journal } from '../referee/journal.ts';\nexport const cards = journal;\n",
      'device/referee/journal.ts': "import { frame } from '../hardware/camera.ts';\nexport const journal = frame;\n",
      'device/hardware/camera.ts': "import { page } from '../../web/page.ts';\nexport const frame = page;\n",
      'web/page.ts': "import { pixels } from '../vision/pixels.ts';\nexport const page = pixels;\n",
      'vision/pixels.ts': "import { more } from './more.ts';\nexport const pixels = 1;\nexport const again = more;\n",
      'vision/more.ts': "import { pixels } from './pixels.ts';\nexport const more = pixels;\n",
      'web/client/src/main.ts': "import type { View } from '../../../device/referee/types.ts';\nexport const v: View | null = null;\n",
      'device/referee/types.ts': 'export type View = number;\n',
      'shared/languages.ts': "import { cards } from '../device/rules/cards.ts';\nexport const languages = cards;\n",
    });
    const result = await cruise(root, ['shared', 'device', 'vision', 'web']);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('rules-import-nothing: device/rules/cards.ts → device/referee/journal.ts');
    expect(result.output).toContain('referee-only-rules: device/referee/journal.ts → device/hardware/camera.ts');
    expect(result.output).toContain('hardware-not-vision-web: device/hardware/camera.ts → web/page.ts');
    expect(result.output).toContain('web-not-hardware-vision: web/page.ts → vision/pixels.ts');
    expect(result.output).toContain('client-through-protocol: web/client/src/main.ts → device/referee/types.ts');
    expect(result.output).toContain('shared-imports-nothing: shared/languages.ts → device/rules/cards.ts');
    expect(result.output).toMatch(/no-circular: vision\/(pixels|more)\.ts/);
  });
});
