// The real side: onoff itself, not a fake factory. onoff hard-wires /sys/class/gpio, so the test
// lays a fake Pi 4 tree over it in a private mount namespace (root only; it never touches the
// machine's own /sys). Line attributes are plain files there, so the levels the signals leave
// in `value` can be read back; a plain file cannot be polled, so the button's press delivery is
// covered by the fake-line tests and here only its configuration.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PiGpio } from '../../../../device/hardware/gpio/gpio-signals.ts';
import { makeFakeSysfs, PI4_CHIPS } from './fake-sysfs.ts';

const child = fileURLToPath(new URL('./onoff-child.ts', import.meta.url));
const root = makeFakeSysfs(PI4_CHIPS, [529, 534, 535, 539]);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('PiGpio with the real onoff lines', () => {
  it('drives the LED and buzzer line files of a Pi 4 tree at base 512 through onoff', () => {
    const script =
      'mount -t tmpfs red7-sys /sys/class && mkdir /sys/class/gpio && mount --bind "$1" /sys/class/gpio && ' +
      'exec "$2" --import tsx "$3"';
    const run = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script, 'sh', join(root, 'class', 'gpio'), process.execPath, child], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (run.status !== 0) {
      throw new Error(
        `this end-to-end test needs root and mount namespaces (unshare -m) to lay a fake /sys/class/gpio over the real one; ` +
          `exit ${String(run.status)}: ${run.stderr || run.error?.message}`,
      );
    }
    const report = JSON.parse(run.stdout.trim().split('\n').pop()!);
    expect(report.status.state).toBe('running');
    expect(report.status.lines).toEqual({ green: 529, red: 539, buzzer: 534, scanButton: 535 });
    // onoff writes "low" to direction for an output (the kernel would show "out"), "in" for the button.
    expect(report.config).toEqual({ directions: ['low', 'low', 'low', 'in'], buttonEdge: 'both', buttonActiveLow: '1' });
    expect(report.samples).toEqual({
      illegalPlay: { green: '0', red: '1', buzzer: '0' },
      playerOut: { green: '0', red: '0', buzzer: '1' },
      roundWon: { green: '1', red: '0', buzzer: '0' },
      after: { green: '0', red: '0', buzzer: '0' },
    });
    // A plain file refuses epoll, as the warning says; on a Pi the kernel's value file accepts it.
    expect(report.status.warnings).toEqual([
      "the scan button (sysfs 535) cannot be watched: Operation not permitted; use the dashboard's scan button",
    ]);
    // stop() unexported every line through onoff.
    expect(readFileSync(join(root, 'class', 'gpio', 'unexport'), 'utf8')).toMatch(/^(529|539|534|535)$/);
  });

  it("agrees with onoff's Gpio.accessible about this machine's own sysfs", async () => {
    const { Gpio } = createRequire(import.meta.url)('onoff') as typeof import('onoff');
    const gpio = new PiGpio();
    const status = await gpio.start();
    await gpio.stop();
    if (!existsSync('/sys/class/gpio')) {
      expect(Gpio.accessible).toBe(false);
      expect(status.state === 'unavailable' && status.error.code).toBe('gpio/no-sysfs');
      expect(status.state === 'unavailable' && status.error.message).toContain('CONFIG_GPIO_SYSFS');
    } else {
      // On a Pi: running when accessible, otherwise unavailable for a reason other than missing sysfs.
      expect(status.state).toBe(Gpio.accessible ? 'running' : 'unavailable');
    }
  });
});
