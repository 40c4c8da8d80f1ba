// Load drill: 50 dashboards connected over WebSocket while a game is played at 20
// commands a second for a minute. Every dashboard must hear every update, in order, none
// dropped; the service's memory must stay flat.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshDataDir, postCommand, startService } from '../helpers/service.ts';
import { scriptedCommands } from '../helpers/scripted-game.ts';

const DASHBOARDS = 50;
const RATE = 20;
const SECONDS = 60;
const COMMANDS = scriptedCommands(99, RATE * SECONDS);

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

interface Dashboard {
  socket: WebSocket;
  /** "game:seq" of every update that moved the game on, in arrival order. */
  heard: string[];
}

function connect(url: string): Promise<Dashboard> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    const board: Dashboard = { socket, heard: [] };
    let last = '';
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.type === 'snapshot') resolve(board);
      if (msg.type === 'update') {
        const key = `${msg.game}:${msg.seq}`;
        // Flagged plays repeat the current seq without moving the game on.
        if (key !== last) board.heard.push(key);
        last = key;
      }
    });
    socket.once('error', reject);
  });
}

describe('the load drill', () => {
  it(`keeps ${DASHBOARDS} dashboards in step at ${RATE} commands a second for ${SECONDS} s, memory flat`, async () => {
    const service = await startService(freshDataDir());
    try {
      const boards = await Promise.all(Array.from({ length: DASHBOARDS }, () => connect(service.url)));
      const acknowledged: string[] = [];
      const started = performance.now();
      let memoryAt10s = Number.NaN;
      for (let i = 0; i < COMMANDS.length; i++) {
        // Paced to the schedule, not to the answers: a slow answer does not slow the table down.
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const r = await postCommand(service.url, COMMANDS[i]);
        expect(r.status).not.toBe(429);
        if (r.body.ok) acknowledged.push(`${r.body.view.game}:${r.body.seq}`);
        if (Number.isNaN(memoryAt10s) && performance.now() - started > 10_000) memoryAt10s = rssMb(service.child.pid!);
      }
      const elapsed = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 500));
      const memoryAtEnd = rssMb(service.child.pid!);
      for (const board of boards) expect(board.heard).toEqual(acknowledged);
      // The pace is the test's own; on a loaded 2-core machine it may lag a little, never the order.
      expect(elapsed).toBeLessThan(SECONDS * 1.5);
      // Flat: whatever the service keeps per update must not pile up over the minute.
      expect(memoryAtEnd - memoryAt10s).toBeLessThan(40);
      console.log(`load drill: ${acknowledged.length} updates to ${DASHBOARDS} dashboards in ${elapsed.toFixed(1)} s (${(COMMANDS.length / elapsed).toFixed(1)} commands/s); RSS ${memoryAt10s.toFixed(0)} MB at 10 s, ${memoryAtEnd.toFixed(0)} MB at the end`);
      for (const board of boards) board.socket.close();
    } finally {
      await service.kill('SIGTERM');
    }
  }, 180_000);
});
