import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bcmToSysfs, detectMainChip, listGpioChips } from '../../../../device/hardware/gpio/chip.ts';
import { makeFakeSysfs, PI4_CHIPS, PI5_CHIPS } from './fake-sysfs.ts';

const roots: string[] = [];
function tree(...args: Parameters<typeof makeFakeSysfs>): string {
  const root = makeFakeSysfs(...args);
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('detectMainChip', () => {
  it('finds the BCM2711 controller of a Pi 4 at base 512 and maps BCM 17 to sysfs 529', () => {
    const found = detectMainChip(tree(PI4_CHIPS));
    expect(found).toEqual({ ok: true, chip: { name: 'gpiochip512', label: 'pinctrl-bcm2711', base: 512, ngpio: 58 } });
    if (!found.ok) return;
    expect(bcmToSysfs(found.chip, 17)).toEqual({ ok: true, sysfs: 529 });
  });

  it('picks RP1 on a Pi 5 over the SoC chips that come first, so BCM 17 is sysfs 588', () => {
    const found = detectMainChip(tree(PI5_CHIPS));
    expect(found.ok && found.chip.label).toBe('pinctrl-rp1');
    if (!found.ok) return;
    expect(bcmToSysfs(found.chip, 17)).toEqual({ ok: true, sysfs: 588 });
  });

  it('maps BCM numbers one to one only where the kernel numbers the chip from 0', () => {
    const found = detectMainChip(tree([{ label: 'pinctrl-bcm2835', base: 0, ngpio: 54 }]));
    expect(found.ok && bcmToSysfs(found.chip, 22)).toEqual({ ok: true, sysfs: 22 });
  });

  it('says the sysfs GPIO interface is missing and names the fix when /sys/class/gpio is absent', () => {
    const root = mkdtempSync(join(tmpdir(), 'red7-nosysfs-'));
    roots.push(root);
    const found = detectMainChip(root);
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.code).toBe('gpio/no-sysfs');
    expect(found.error.message).toContain(join(root, 'class', 'gpio'));
    expect(found.error.message).toContain('CONFIG_GPIO_SYSFS');
    expect(found.error.message).toContain('run without GPIO');
  });

  it('lists the chips it found when none of them is a Raspberry Pi controller', () => {
    const found = detectMainChip(tree([{ label: 'gpio-mockup-A', base: 496, ngpio: 16 }]));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.code).toBe('gpio/no-chip');
    expect(found.error.message).toContain('gpiochip496 "gpio-mockup-A"');
  });

  it('accepts a configured chip label instead of the Raspberry Pi ones', () => {
    const found = detectMainChip(tree([{ label: 'gpio-mockup-A', base: 496, ngpio: 16 }]), ['gpio-mockup-A']);
    expect(found.ok && found.chip.base).toBe(496);
  });
});

describe('listGpioChips', () => {
  it('leaves out a chip whose base file is not a number', () => {
    const root = tree(PI4_CHIPS);
    writeFileSync(join(root, 'class', 'gpio', 'gpiochip570', 'base'), 'garbage\n');
    expect(listGpioChips(root).map((c) => c.label)).toEqual(['pinctrl-bcm2711']);
  });
});

describe('bcmToSysfs', () => {
  const chip = { name: 'gpiochip571', label: 'pinctrl-rp1', base: 571, ngpio: 54 };

  it('rejects a pin the chip does not have', () => {
    const mapped = bcmToSysfs(chip, 54);
    expect(mapped.ok).toBe(false);
    if (!mapped.ok) expect(mapped.error.message).toBe('BCM 54 is not a line of gpiochip571 (pinctrl-rp1, 0–53)');
  });

  it('rejects negative and fractional pin numbers', () => {
    expect(bcmToSysfs(chip, -1).ok).toBe(false);
    expect(bcmToSysfs(chip, 2.5).ok).toBe(false);
  });
});
