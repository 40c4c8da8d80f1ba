// The web server under a table's load: a command's round trip over HTTP and over the socket
// while 50 dashboards are connected (each command is journaled by the real referee with
// synchronous=FULL, then broadcast to all 50), the time until all 50 have the update, and the
// dashboard's time to first render in Debian's chromium. Server, dashboards and the measuring
// client run in three processes, as they would on a table (the Pi, the tablets, the phone).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ensureClientBuilt, launchChromium } from '../test/web/browser/chromium.ts';
import { median, percentile, type BenchRow } from './types.ts';

const PIN = '135790';
const DASHBOARDS = 50;
const ROUND_TRIPS = 200;
// Paced under the default flood limits (30/s per address over HTTP, 20/s per socket), which stay on.
const HTTP_GAP_MS = 40;
const WS_GAP_MS = 55;
const E2E = fileURLToPath(new URL('../test/web/e2e/', import.meta.url));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SETUP = [
  { type: 'newGame', players: ['Ann', 'Ben', 'Cy'] },
  { type: 'deal', seat: 0, card: 'O3' }, { type: 'deal', seat: 1, card: 'G5' }, { type: 'deal', seat: 2, card: 'B2' },
];
// Cy (seat 2) is first: a palette play and its undo, again and again — each one journaled.
const PLAY = { type: 'play', seat: 2, to: 'palette', card: 'R6' };
const UNDO = { type: 'undo' };

function row(name: string, xs: number[], target: string): BenchRow {
  // The machine's load goes in the note: on a shared 2-core box the tail is other people's jobs.
  return { name, value: median(xs), unit: 'ms', target, note: `p99 ${percentile(xs, 99).toFixed(1)} ms, n=${xs.length}, load avg ${loadavg()[0]!.toFixed(1)}` };
}

/** Starts a tsx child; resolves with it and a reader of its stdout lines. */
function child(script: string, args: string[]): { proc: ChildProcess; lines: AsyncIterator<string> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(E2E, script), ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]();
  return { proc, lines };
}

export default async function webBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'red7-bench-web-'));
  const server = child('serve-child.ts', [dataDir, PIN]);
  let dashboards: ReturnType<typeof child> | null = null;
  const rows: BenchRow[] = [];
  try {
    const { port } = JSON.parse((await server.lines.next()).value as string) as { port: number };
    const base = `http://127.0.0.1:${port}`;
    // A keep-alive agent, as a browser keeps its connection to the Pi open.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (c: unknown): Promise<number> => new Promise((resolve, reject) => {
      const req = http.request(`${base}/api/commands`, { method: 'POST', agent, headers: { Authorization: `Bearer ${PIN}`, 'Content-Type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => { text += d; });
        res.on('end', () => {
          const body = JSON.parse(text) as { ok: boolean; seq?: number };
          if (body.ok) resolve(body.seq!);
          else reject(new Error(`bench command refused: ${text}`));
        });
      });
      req.on('error', reject);
      req.end(JSON.stringify(c));
    });
    for (const c of SETUP) await post(c);
    const serverTimes = async (): Promise<number[]> => {
      server.proc.stdin!.write('times\n');
      return (JSON.parse((await server.lines.next()).value as string) as { times: number[] }).times;
    };
    await serverTimes();

    dashboards = child('dashboards-child.ts', [`ws://127.0.0.1:${port}/ws`, String(DASHBOARDS)]);
    let line = '';
    do line = (await dashboards.lines.next()).value as string; while (line !== 'ready');
    // Everyone has the snapshot before the clock starts.
    while (Number((await dashboards.lines.next()).value) < SETUP.length);
    let allHave = SETUP.length;
    const waitAll = async (seq: number): Promise<void> => {
      while (allHave < seq) allHave = Number((await dashboards!.lines.next()).value);
    };

    const overHttp: number[] = [];
    const fanout: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const t0 = performance.now();
      const seq = await post(i % 2 === 0 ? PLAY : UNDO);
      overHttp.push(performance.now() - t0);
      await waitAll(seq);
      fanout.push(performance.now() - t0);
      await sleep(HTTP_GAP_MS);
    }
    rows.push(row(`web: command round trip over HTTP, ${DASHBOARDS} dashboards connected`, overHttp, 'p99 < 25'));
    rows.push(row(`web: command until all ${DASHBOARDS} dashboards have the update`, fanout, ''));
    rows.push(row('web: of which inside referee.submit (journal fsync + broadcast), HTTP run', await serverTimes(), ''));

    const ref = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Authorization: `Bearer ${PIN}` } });
    await new Promise((resolve, reject) => { ref.once('open', resolve); ref.once('error', reject); });
    const results = new Map<string, (ok: boolean) => void>();
    ref.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; id?: string; result?: { ok: boolean } };
      if (m.type === 'result') results.get(m.id!)?.(m.result?.ok === true);
    });
    const ws: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const id = `b${i}`;
      const t0 = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        results.set(id, resolve);
        ref.send(JSON.stringify({ type: 'command', id, command: i % 2 === 0 ? PLAY : UNDO }));
      });
      if (!ok) throw new Error(`bench socket command ${id} refused`);
      ws.push(performance.now() - t0);
      await sleep(WS_GAP_MS);
    }
    ref.close();
    agent.destroy();
    rows.push(row(`web: command round trip over WebSocket, ${DASHBOARDS} dashboards connected`, ws, 'p99 < 25'));
    rows.push(row('web: of which inside referee.submit (journal fsync + broadcast), WebSocket run', await serverTimes(), ''));

    ensureClientBuilt();
    const browser = await launchChromium();
    try {
      const firsts: number[] = [];
      for (let i = 0; i < 6; i++) {
        const page = await browser.context.newPage();
        await page.goto(base);
        await page.waitForSelector('body[data-ready="true"]');
        firsts.push(await page.evaluate(() => performance.getEntriesByName('red7-first-render')[0]?.startTime ?? Number.NaN));
        await page.close();
      }
      rows.push({
        name: 'web: dashboard time to first render (chromium, game in progress)', value: median(firsts.slice(1)), unit: 'ms',
        note: `cold first load ${firsts[0]!.toFixed(0)} ms; median of 5 warm loads; ${DASHBOARDS} other dashboards connected`,
      });
    } finally {
      await browser.close();
    }
  } finally {
    dashboards?.proc.kill('SIGTERM');
    server.proc.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
