// `red7 panel`: talks to the seat panel on its own — to check the wiring, a new board or a cable
// without the rest of the companion. Events come out as JSON lines; LED commands go in on stdin.
import { LED_MODES, LED_TARGETS, type LedMode, type LedTarget } from '../hardware/panel/protocol.ts';
import { parseCommandArgs, readLines, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = `Usage: red7 panel [--port PATH] [--list] [--verbose]
  Opens the seat panel (PATH, else the configured RED7_PANEL, else the first Arduino-class board
  found), prints its events as JSON
  lines ({"event":"up"|"key"|"down"|"noise",…}) and reads commands on stdin, one per line:
    led TARGET MODE   TARGET 0-3 (seat), G or R (status); MODE ON, OFF or BLINK
    stats             frame, key, duplicate and noise counters
    quit              close the port and exit (so does the end of stdin)
  --list prints the ports that look like a panel and exits.
`;

/** Runs `red7 panel`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { port: { type: 'string' }, list: { type: 'boolean' }, verbose: { type: 'boolean' }, help: { type: 'boolean' } }, { needs: { port: 'a path' } });
  if (!parsed.ok) {
    io.stderr.write(`red7 panel: ${parsed.problem}\n${USAGE}`);
    return 2;
  }
  const options = parsed.values;
  if (options.help === true) {
    io.stdout.write(USAGE);
    return 0;
  }
  const parts = root();
  if (options.list === true) {
    writeJsonLine(io.stdout, { ports: await parts.panelPorts() });
    return 0;
  }
  const configured = parts.config.panel;
  const port = options.port ?? (configured === 'auto' || configured === 'none' ? undefined : configured);
  const logger = parts.log('panel');
  // Quiet unless asked: the events are this command's output.
  logger.level = options.verbose === true ? 'debug' : 'warn';
  const driver = parts.panelDriver({ path: port, logger });
  driver.on('up', (u) => writeJsonLine(io.stdout, { event: 'up', ...u }));
  driver.on('down', (d) => writeJsonLine(io.stdout, { event: 'down', ...d }));
  driver.on('key', (k) => writeJsonLine(io.stdout, { event: 'key', ...k }));
  driver.on('discarded', (c) => writeJsonLine(io.stdout, { event: 'noise', reason: c.reason, detail: c.detail, bytes: c.bytes.length }));
  await driver.start();
  writeJsonLine(io.stdout, { event: 'started', port: port ?? 'auto-detect' });
  let status = 0;
  try {
    for await (const line of readLines(io.stdin)) {
      const words = line.trim().split(/\s+/);
      if (words[0] === 'quit' && words.length === 1) break;
      if (words[0] === 'stats' && words.length === 1) {
        writeJsonLine(io.stdout, { stats: driver.stats, phase: driver.phase, path: driver.path ?? null, leds: driver.leds });
        continue;
      }
      if (words[0] === 'led' && words.length === 3) {
        const target = words[1]!.toUpperCase();
        const mode = words[2]!.toUpperCase();
        if (!(LED_TARGETS as readonly string[]).includes(target) || !(LED_MODES as readonly string[]).includes(mode)) {
          writeJsonLine(io.stdout, { error: `led takes a target (${LED_TARGETS.join(' ')}) and a mode (${LED_MODES.join(' ')})` });
          status = 1;
          continue;
        }
        driver.setLed(target as LedTarget, mode as LedMode);
        writeJsonLine(io.stdout, { ok: true, led: target, mode, sent: driver.phase === 'up' });
        continue;
      }
      writeJsonLine(io.stdout, { error: `unknown command "${line.trim()}": led TARGET MODE, stats or quit` });
      status = 1;
    }
  } finally {
    await driver.stop();
  }
  return status;
};
