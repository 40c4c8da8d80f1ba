// The `resume` flood of the misuse bench, in a process of its own: N watcher sockets (no
// credential) each ask to be sent the last 250 updates (as far back as a server keeps them), as
// fast as the server's per-socket limit allows. Prints "ready", then on "bytes" the bytes received.
import WebSocket from 'ws';

const [url, countText, perSecondText, gameText] = process.argv.slice(2);
const count = Number(countText);
const perSecond = Number(perSecondText);
const game = Number(gameText);
if (url === undefined || !(count > 0) || !(perSecond > 0) || !(game > 0)) {
  process.stderr.write('usage: resume-flood-child.ts <wsUrl> <sockets> <per second> <game>\n');
  process.exit(2);
}
let bytes = 0;
let seq = 1;
const sockets: WebSocket[] = [];
for (let i = 0; i < count; i++) {
  const ws = new WebSocket(url);
  ws.on('message', (data: Buffer) => {
    bytes += data.length;
    const m = JSON.parse(String(data)) as { type: string; seq?: number };
    if ((m.type === 'snapshot' || m.type === 'update') && m.seq !== undefined) seq = Math.max(seq, m.seq);
  });
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  sockets.push(ws);
}
const timer = setInterval(() => {
  const message = JSON.stringify({ type: 'resume', game, since: Math.max(1, seq - 250) });
  for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(message);
}, 1000 / perSecond);
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (chunk.includes('bytes')) process.stdout.write(`${bytes} ${sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length}\n`);
});
process.on('SIGTERM', () => {
  clearInterval(timer);
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});
