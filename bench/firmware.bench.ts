// The seat panel firmware in its simulator: how fast a key press becomes a KEY frame on the pty
// and an LED frame becomes a pin change, what the simulator costs in CPU, and the image's size.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { make } from '../test/firmware/firmware-make.ts';
import { HostPort, sleep } from '../test/firmware/host-port.ts';
import { PanelSim } from '../test/helpers/panel-sim.ts';
import { type BenchRow, median, percentile } from './types.ts';

const PRESSES = 200;
const LED_TOGGLES = 100;

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** Runs panel-sim with a real serialport host and measures the figures above. */
export default async function bench(): Promise<BenchRow[]> {
  const sizes = await make('firmware');
  await make('sim');
  const sim = await PanelSim.start();
  const port = await HostPort.open(sim.pty);
  try {
    await port.waitFor(/^HELLO 0 /, 3000);
    port.autoAck = true;
    const pid = sim.pid ?? 0;
    const cpu0 = cpuSeconds(pid);
    const wall0 = performance.now();

    const keyLatency: number[] = [];
    const seats = ['0 P', '1 C', '2 D', '3 P', '0 C', '1 D', '2 P', '3 C'];
    for (let i = 0; i < PRESSES; i++) {
      const key = seats[i % seats.length] ?? '0 P';
      const from = port.lines.length;
      const t0 = performance.now();
      await sim.command(`press ${key}`);
      const line = await port.waitFor(new RegExp(`^KEY \\d+ ${key} S$`), 1000, from);
      keyLatency.push(line.at - t0);
      await sleep(10);
      await sim.command(`release ${key}`);
      await sleep(15);
    }

    const ledLatency: number[] = [];
    for (let i = 0; i < LED_TOGGLES; i++) {
      const from = sim.ledChanges.length;
      const on = i % 2 === 0;
      const t0 = await port.send(`LED ${(i % 255) + 1} 2 ${on ? 'ON' : 'OFF'}`);
      const change = await sim.waitForLed((c) => c.name === '2' && c.on === on, 1000, from);
      ledLatency.push(change.at - t0);
    }
    const wall = (performance.now() - wall0) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;

    // the machine is shared: a p99 means little without the load it was measured under
    const load = os.loadavg()[0]?.toFixed(1) ?? '?';
    const flash = Number(/flash: (\d+) of/.exec(sizes)?.[1]);
    const ram = Number(/RAM: +(\d+) of/.exec(sizes)?.[1]);
    return [
      {
        name: 'firmware: key press -> KEY frame on the pty (panel-sim, 5 ms debounce included)',
        value: median(keyLatency),
        unit: 'ms',
        target: '< 20 (p99, whole chain)',
        note: `p99 ${percentile(keyLatency, 99).toFixed(2)} ms, max ${Math.max(...keyLatency).toFixed(2)} ms, ${PRESSES} presses, load average ${load}`,
      },
      {
        name: 'firmware: host LED frame -> LED pin change (panel-sim)',
        value: median(ledLatency),
        unit: 'ms',
        note: `p99 ${percentile(ledLatency, 99).toFixed(2)} ms, ${LED_TOGGLES} frames`,
      },
      {
        name: 'firmware: panel-sim CPU while running 16 MHz in real time',
        value: (cpu / wall) * 100,
        unit: '% of one core',
        note: `${cpu.toFixed(2)} CPU s over ${wall.toFixed(1)} s`,
      },
      { name: 'firmware: flash (text + data)', value: flash, unit: 'bytes', target: '< 30720 of 32768' },
      { name: 'firmware: static RAM (data + bss)', value: ram, unit: 'bytes', target: '< 1536 of 2048' },
    ];
  } finally {
    await port.close();
    await sim.stop();
  }
}
