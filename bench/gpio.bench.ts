// GPIO signals on in-memory lines with real timers: how late the pattern's line writes land
// (setTimeout drift on a busy 2-core machine) and what a signal() call costs its caller.
import { FakePinFactory } from '../device/hardware/gpio/fake-pins.ts';
import { PatternPlayer } from '../device/hardware/gpio/pattern-player.ts';
import { SimulatedGpio } from '../device/hardware/gpio/simulated-gpio.ts';
import { signalFor } from '../device/hardware/gpio/signals.ts';
import { median, percentile, type BenchRow } from './types.ts';

export default async function gpioBench(): Promise<BenchRow[]> {
  // Lateness of every write of the rescan pattern (red+buzzer on, buzzer off at 100, red off at 300).
  const late: number[] = [];
  const expected = [0, 0, 100, 300];
  for (let run = 0; run < 15; run++) {
    const lines = new FakePinFactory();
    const player = new PatternPlayer({ green: lines.output(1), red: lines.output(2), buzzer: lines.output(3) });
    const t0 = Date.now();
    await player.play(signalFor('rescanNeeded'));
    // Only the timed writes: the first two happen synchronously inside play().
    lines.writes.forEach((w, i) => {
      if (expected[i]! > 0) late.push(w.at - t0 - expected[i]!);
    });
  }

  const gpio = new SimulatedGpio();
  await gpio.start();
  const calls: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = process.hrtime.bigint();
    gpio.signal(i % 2 === 0 ? 'illegalPlay' : 'leaderChanged');
    calls.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  await gpio.stop();

  return [
    { name: 'gpio: pattern write lateness (rescanNeeded, real timers)', value: median(late), unit: 'ms', target: '< 10', note: `p99 ${percentile(late, 99)} ms, ${late.length} writes` },
    { name: 'gpio: signal() call, replacing a running pattern', value: median(calls), unit: 'µs', note: `p99 ${percentile(calls, 99).toFixed(1)} µs, 2000 calls` },
  ];
}
