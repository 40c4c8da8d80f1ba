// Builds a sysfs GPIO tree in a temp dir: the chips of a Pi 4 or Pi 5 as current kernels number
// them, and optionally lines that look already exported (regular files stand in for the attributes).
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeChip {
  label: string;
  base: number;
  ngpio: number;
}

/** A Pi 4 on a 6.6 kernel: the SoC's lines from 512, the firmware expander after them. */
export const PI4_CHIPS: FakeChip[] = [
  { label: 'pinctrl-bcm2711', base: 512, ngpio: 58 },
  { label: 'raspberrypi-exp-gpio', base: 570, ngpio: 8 },
];

/** A Pi 5 on a 6.6 kernel: the header is on RP1 at 571; the BCM2712's own chips come first. */
export const PI5_CHIPS: FakeChip[] = [
  { label: 'gpio-brcmstb@107d508500', base: 512, ngpio: 32 },
  { label: 'gpio-brcmstb@107d508520', base: 544, ngpio: 4 },
  { label: 'pinctrl-rp1', base: 571, ngpio: 54 },
];

/** Creates `<root>/class/gpio` with the chips and exported lines; returns the root (the stand-in for /sys). */
export function makeFakeSysfs(chips: FakeChip[], exported: number[] = []): string {
  const root = mkdtempSync(join(tmpdir(), 'red7-sysfs-'));
  const gpio = join(root, 'class', 'gpio');
  mkdirSync(gpio, { recursive: true });
  writeFileSync(join(gpio, 'export'), '');
  writeFileSync(join(gpio, 'unexport'), '');
  for (const chip of chips) {
    const dir = join(gpio, `gpiochip${chip.base}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'label'), `${chip.label}\n`);
    writeFileSync(join(dir, 'base'), `${chip.base}\n`);
    writeFileSync(join(dir, 'ngpio'), `${chip.ngpio}\n`);
  }
  for (const line of exported) {
    const dir = join(gpio, `gpio${line}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'value'), '0\n');
    writeFileSync(join(dir, 'direction'), 'in\n');
    writeFileSync(join(dir, 'edge'), 'none\n');
    writeFileSync(join(dir, 'active_low'), '0\n');
  }
  return root;
}
