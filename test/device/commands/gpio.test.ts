import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { red7 as runRed7 } from '../../helpers/cli.ts';
import { makeFakeSysfs, PI5_CHIPS } from '../hardware/gpio/fake-sysfs.ts';

const pi5 = makeFakeSysfs(PI5_CHIPS);
const empty = mkdtempSync(join(tmpdir(), 'red7-nogpio-'));
afterAll(() => {
  rmSync(pi5, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

describe('red7 gpio', () => {
  it("prints a Pi 5's chips and the sysfs line of each part", async () => {
    const r = await runRed7(['gpio', '--sysfs', pi5]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('header controller: gpiochip571 (pinctrl-rp1), base 571\n');
    expect(r.stdout).toContain('  green LED    BCM 17 -> sysfs 588\n');
    expect(r.stdout).toContain('  scan button  BCM 23 -> sysfs 594\n');
    expect(r.stdout).toMatch(/onoff Gpio\.accessible: (yes|no)\n$/);
  });

  it('maps a part moved to another pin', async () => {
    const r = await runRed7(['gpio', '--sysfs', pi5, '--button', '5']);
    expect(r.stdout).toContain('  scan button  BCM  5 -> sysfs 576\n');
  });

  it('exits 1 and names the fix when the kernel has no sysfs GPIO', async () => {
    const r = await runRed7(['gpio', '--sysfs', empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CONFIG_GPIO_SYSFS');
  });

  it.each([
    [['--signal', 'fanfare'], '--signal must be one of illegalPlay, leaderChanged, playerOut, rescanNeeded, roundWon'],
    [['--green', '23'], 'bad GPIO pin configuration: gpio: the green LED, red LED, buzzer and scan button need four different pins'],
    [['--red', 'x'], '--red needs a BCM pin number'],
    [['--watch', '-3'], '--watch needs a number of seconds, up to 3600'],
    [['--watch', '0'], '--watch needs a number of seconds, up to 3600'],
    [['--signal', 'roundWon', '--sysfs', '/tmp'], '--signal and --watch drive the real lines, and onoff only knows /sys: leave out --sysfs'],
    [['--loud'], 'unknown option --loud'],
  ])('answers %j with usage and exit code 2', async (args, problem) => {
    const r = await runRed7(['gpio', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`red7 gpio: ${problem}`);
  });
});
