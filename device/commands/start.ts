// `red7 start [--demo]` (what `npm start` runs): the whole companion until Ctrl-C or SIGTERM.
import { ConfigError } from '../config.ts';
import { parseOptions, type CommandRun } from './io.ts';

/** Runs `red7 start`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const unknown = [...options.keys()].filter((k) => k !== 'demo');
  if (positional.length > 0 || unknown.length > 0 || (options.has('demo') && options.get('demo') !== true)) {
    io.stderr.write('usage: red7 start [--demo]\n');
    return 2;
  }
  const { startCompanion } = await import('../main.ts');
  let companion: Awaited<ReturnType<typeof startCompanion>>;
  try {
    companion = await startCompanion({ demo: options.has('demo') });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`red7 start: ${err instanceof ConfigError ? '' : 'could not start: '}${message}\n`);
    return 1;
  }
  io.stdout.write(`\nRed7 companion ready in ${(companion.readyMs / 1000).toFixed(1)} s\n  ${companion.summary.join('\n  ')}\n\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  io.stdout.write('stopping…\n');
  await companion.stop();
  return 0;
};
