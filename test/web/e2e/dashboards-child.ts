// N watching dashboards in a process of their own (for the bench): each counts the updates it
// hears; whenever all of them have seen a new sequence number, that number is printed.
import WebSocket from 'ws';

const [url, count] = process.argv.slice(2);
const n = Number(count);
if (url === undefined || !Number.isInteger(n) || n < 1) {
  process.stderr.write('usage: dashboards-child.ts <ws url> <count>\n');
  process.exit(2);
}
const last = new Array<number>(n).fill(0);
let reported = 0;
let open = 0;
for (let i = 0; i < n; i++) {
  const ws = new WebSocket(url);
  ws.on('open', () => {
    if (++open === n) process.stdout.write('ready\n');
  });
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { type: string; seq?: number };
    if (m.type !== 'update' && m.type !== 'snapshot') return;
    last[i] = m.seq!;
    const min = Math.min(...last);
    if (min > reported) {
      reported = min;
      process.stdout.write(`${min}\n`);
    }
  });
  ws.on('error', (err) => process.stderr.write(`dashboard ${i}: ${err.message}\n`));
}
