// The server under misuse that stays inside every limit: 20 watcher sockets (no sign-in) replay
// `resume` from the game's first command at the per-socket message rate, while a paired phone
// plays and the referee's tablet checks /healthz. Server, flood and measuring client run in three
// processes. The same round trips without the flood are measured first, for comparison.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { SOCKET_LIMIT } from '../web/server/rate-limit.ts';
import { median, percentile, type BenchRow } from './types.ts';

const PIN = '135790';
const FLOODERS = 20;
const ROUND_TRIPS = 100;
const BACKLOG = 250;
const E2E = fileURLToPath(new URL('../test/web/e2e/', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function child(script: string, args: string[]): { proc: ChildProcess; lines: AsyncIterator<string> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(E2E, script), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  return { proc, lines: createInterface({ input: proc.stdout! })[Symbol.asyncIterator]() };
}

/** CPU milliseconds a process has used (Linux /proc), to tell the flood's cost from the machine's load. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function row(name: string, xs: number[], target: string, extra = ''): BenchRow {
  return { name, value: median(xs), unit: 'ms', target, note: `p99 ${percentile(xs, 99).toFixed(1)} ms, n=${xs.length}${extra}, load avg ${loadavg()[0]!.toFixed(1)}` };
}

export default async function misuseBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-bench-misuse-'));
  const server = child('serve-child.ts', [dataDir, PIN]);
  let flood: ReturnType<typeof child> | null = null;
  const rows: BenchRow[] = [];
  try {
    const { port } = JSON.parse((await server.lines.next()).value as string) as { port: number };
    const base = `http://127.0.0.1:${port}`;
    let spoken = 0;
    // Set-up requests come from rotating loopback addresses, so the per-address limit does not pace them.
    const request = (method: string, path: string, body?: unknown, credential = PIN): Promise<{ status: number; body: any }> => new Promise((resolve, reject) => {
      const headers: Record<string, string> = credential === '' ? {} : { Authorization: `Bearer ${credential}` };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const req = http.request(`${base}${path}`, { method, headers, agent: false, localAddress: `127.0.0.${2 + (spoken++ % 8)}` }, (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
    const must = async (c: unknown) => {
      const r = await request('POST', '/api/commands', c);
      if (r.status !== 200) throw new Error(`bench command refused: ${JSON.stringify(r.body)}`);
      return r.body as { seq: number; view: { game: number } };
    };
    const PLAY = { type: 'play', seat: 2, to: 'palette', card: 'R6' };
    const first = await must({ type: 'newGame', players: ['Ann', 'Ben', 'Cy'] });
    for (const c of [{ type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' }, { type: 'deal', seat: 2, card: 'B2' }]) await must(c);
    // A long game's worth of updates: what a resume from its first command asks for.
    for (let i = 0; i < BACKLOG; i++) await must(i % 2 === 0 ? PLAY : { type: 'undo' });

    // Cy's phone, paired to seat 2, plays over its socket; the referee takes each play back over HTTP.
    const code = await request('POST', '/api/pairings', { seat: 2 });
    const token = (await request('POST', '/api/pair', { code: code.body.code }, '')).body.token as string;
    const phone = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise((resolve, reject) => { phone.once('open', resolve); phone.once('error', reject); });
    const results = new Map<string, (ok: boolean) => void>();
    phone.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; id?: string; result?: { ok: boolean } };
      if (m.type === 'result') results.get(m.id!)?.(m.result?.ok === true);
    });
    let n = 0;
    const roundTrips = async (): Promise<number[]> => {
      const xs: number[] = [];
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const id = `p${n++}`;
        const t0 = performance.now();
        const ok = await new Promise<boolean>((resolve) => {
          results.set(id, resolve);
          phone.send(JSON.stringify({ type: 'command', id, command: PLAY }));
        });
        xs.push(performance.now() - t0);
        if (!ok) throw new Error(`the phone's play ${id} was refused`);
        await must({ type: 'undo' });
        await sleep(60);
      }
      return xs;
    };
    const healthz = async (): Promise<number[]> => {
      const xs: number[] = [];
      for (let i = 0; i < ROUND_TRIPS; i++) {
        const t0 = performance.now();
        await request('GET', '/healthz');
        xs.push(performance.now() - t0);
        await sleep(30);
      }
      return xs;
    };

    const pid = server.proc.pid!;
    let cpu0 = cpuMs(pid);
    const q0 = performance.now();
    const [quietPlays, quietHealth] = await Promise.all([roundTrips(), healthz()]);
    const quietCpu = (cpuMs(pid) - cpu0) / ((performance.now() - q0) / 1000);
    flood = child('resume-flood-child.ts', [`ws://127.0.0.1:${port}/ws`, String(FLOODERS), String(SOCKET_LIMIT.perSecond), String(first.view.game)]);
    while ((await flood.lines.next()).value !== 'ready');
    const t0 = performance.now();
    cpu0 = cpuMs(pid);
    const [plays, health] = await Promise.all([roundTrips(), healthz()]);
    const floodCpu = (cpuMs(pid) - cpu0) / ((performance.now() - t0) / 1000);
    flood.proc.stdin!.write('bytes\n');
    const [bytes, open] = String((await flood.lines.next()).value).split(' ').map(Number);
    const seconds = (performance.now() - t0) / 1000;
    const floodNote = `; the flood received ${Math.round(bytes! / seconds / 1024)} KiB/s over ${open}/${FLOODERS} open sockets`;
    phone.close();
    rows.push(row('misuse: seated phone’s command round trip, no flood', quietPlays, ''));
    rows.push(row(`misuse: seated phone’s command round trip, ${FLOODERS} sockets replaying resume at ${SOCKET_LIMIT.perSecond}/s each`, plays, 'p99 < 50', floodNote));
    rows.push(row('misuse: /healthz, no flood', quietHealth, ''));
    rows.push(row(`misuse: /healthz, ${FLOODERS} sockets replaying resume`, health, 'p99 < 100', floodNote));
    rows.push({ name: 'misuse: server CPU, no flood', value: quietCpu, unit: 'ms/s', note: 'CPU the server process used per second of the quiet run' });
    rows.push({ name: `misuse: server CPU, ${FLOODERS} sockets replaying resume`, value: floodCpu, unit: 'ms/s', note: 'the same with the flood: its cost to the server, whatever else the machine is doing' });
  } finally {
    flood?.proc.kill('SIGTERM');
    server.proc.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
