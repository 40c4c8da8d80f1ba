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
  // Until Ctrl-C or SIGTERM; a demo also ends by itself once its recorded game has been played.
  let stop = (): void => undefined;
  const signalled = new Promise<string | null>((resolve) => {
    stop = () => resolve(null);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const ended = await Promise.race([signalled, companion.demoOver ?? signalled]);
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  if (ended !== null) io.stdout.write(`\n${ended}\n`);
  io.stdout.write('stopping…\n');
  await companion.stop();
  return 0;
};
