// The whole companion: time from `node bin/red7.js start` to a dashboard that answers (the
// classifier loaded, its summary printed), and the resident memory of the running service with
// the model loaded.
import { readFileSync, rmSync } from 'node:fs';
import { freshDataDir, startService } from '../test/helpers/service.ts';
import { median, type BenchRow } from './types.ts';

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export default async function companionBench(): Promise<BenchRow[]> {
  const starts: number[] = [];
  const memory: number[] = [];
  let classifier = '';
  // The first start warms the file cache, as the first start after an install does.
  for (let run = 0; run < 6; run++) {
    const service = await startService(freshDataDir(), { RED7_CAMERA: 'none' });
    const health = await fetch(`${service.url}/healthz`);
    if (!health.ok) throw new Error(`healthz answered ${health.status}`);
    classifier = /classifier:\s+(.*)/.exec(service.output())?.[1] ?? '';
    await new Promise((r) => setTimeout(r, 1000));
    if (run > 0) {
      starts.push(service.readyMs);
      memory.push(rssMb(service.child.pid!));
    }
    await service.kill('SIGTERM');
    rmSync(service.dataDir, { recursive: true, force: true });
  }
  return [
    { name: 'companion: start to ready (node bin/red7.js start)', value: median(starts), unit: 'ms', target: '< 1500', note: `5 warm starts, max ${Math.round(Math.max(...starts))} ms; classifier: ${classifier}` },
    { name: 'companion: resident memory, model loaded', value: median(memory), unit: 'MB', target: '< 250', note: `1 s after ready, max ${Math.max(...memory).toFixed(0)} MB` },
  ];
}
