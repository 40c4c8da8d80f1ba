// Fake camera programs for the unit tests: shell scripts put first on PATH in a temp folder.
// Each records its arguments and writes a real JPEG (or fails) the way the real one would.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface FakeBin {
  dir: string;
  jpeg: Buffer;
  argsFile: string;
  /** A PATH with only the fake folder and the basic system tools. */
  path: string;
}

/** Makes a temp folder holding a test JPEG; add fakes with addFake. */
export async function makeFakeBin(): Promise<FakeBin> {
  const dir = mkdtempSync(join(tmpdir(), 'red7-fakecam-'));
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
  writeFileSync(join(dir, 'frame.jpg'), jpeg);
  return { dir, jpeg, argsFile: join(dir, 'args.txt'), path: `${dir}:/usr/bin:/bin` };
}

/** Writes an executable shell script named `name` into the fake folder. */
export function addFake(bin: FakeBin, name: string, body: string): void {
  const file = join(bin.dir, name);
  writeFileSync(file, `#!/bin/sh\necho "$@" > "${bin.argsFile}"\n${body}\n`);
  chmodSync(file, 0o755);
}

/** A body that streams the test JPEG forever, with junk between frames like a real pipe may carry. */
export function streamingBody(bin: FakeBin): string {
  return `while true; do printf 'xx'; cat "${join(bin.dir, 'frame.jpg')}"; sleep 0.05; done`;
}
