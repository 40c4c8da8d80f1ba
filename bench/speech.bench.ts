// Speech through the real espeak-ng: what speak() costs the caller (it must never block), and
// how long espeak-ng takes to render one announcement compared with its spoken length.
import { EspeakSpeaker } from '../device/hardware/speech/espeak-speaker.ts';
import { median, percentile, type BenchRow } from './types.ts';

const TEXT = 'Ben plays Blue 4 to the canvas: the rule is now Blue, most different colours. Ann leads with three colours, best Red 6.';

export default async function speechBench(): Promise<BenchRow[]> {
  const speaker = new EspeakSpeaker({ maxQueue: 4 });
  if (!(await speaker.start())) throw new Error('espeak-ng is not installed (sudo apt-get install espeak-ng)');

  const render: number[] = [];
  const factor: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const wav = await speaker.renderWav(TEXT, 'en');
    const ms = performance.now() - t;
    render.push(ms);
    factor.push((wav.length - 44) / (22050 * 2) / (ms / 1000));
  }

  // The sound output is whatever the machine has (none in CI: espeak-ng then fails fast), so
  // only the caller's side is measured: the queue never lets speak() wait for espeak-ng.
  const calls: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = process.hrtime.bigint();
    speaker.speak(`${TEXT} ${i}`, 'en');
    calls.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  await speaker.stop();

  return [
    { name: 'speech: espeak-ng render of one announcement', value: median(render), unit: 'ms', note: `${median(factor).toFixed(0)}x faster than spoken` },
    { name: 'speech: speak() call (queues, never waits)', value: median(calls), unit: 'µs', target: '< 1000', note: `p99 ${percentile(calls, 99).toFixed(0)} µs, max ${Math.max(...calls).toFixed(0)} µs (the first, cold call); espeak-ng is spawned on the next tick` },
  ];
}
