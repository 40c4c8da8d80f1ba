// Runs the real referee and web server in a process of its own (for the bench, so that the
// clients' work is not measured as the server's): prints {"port":…} on stdout, stops on SIGTERM.
import { pino } from 'pino';
import { Referee } from '../../../device/referee/referee.ts';
import { createWebServer } from '../../../web/server/server.ts';

const [dataDir, pin] = process.argv.slice(2);
if (dataDir === undefined || pin === undefined) {
  process.stderr.write('usage: serve-child.ts <dataDir> <pin>\n');
  process.exit(2);
}
const logger = pino({ level: 'silent' });
const referee = new Referee({ dataDir, logger });
await referee.start();
// Times every submit (the journal commit and the broadcast to every socket happen inside it), so
// the bench can tell the server's share of a round trip from the network's and the client's.
const times: number[] = [];
const submit = referee.submit.bind(referee);
referee.submit = async (command: unknown) => {
  const t0 = performance.now();
  const result = await submit(command);
  times.push(performance.now() - t0);
  return result;
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => {
  if (chunk.includes('times')) {
    process.stdout.write(`${JSON.stringify({ times: times.splice(0) })}\n`);
  }
});
const server = createWebServer({ referee, port: 0, host: '127.0.0.1', dataDir, pin, logger });
const { port } = await server.start();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on('SIGTERM', () => {
  void server.stop().then(() => referee.stop()).then(() => process.exit(0));
});
