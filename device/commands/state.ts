// `red7 state [--data DIR] [--seat N]`: the current public view (or one seat's private view) as JSON.
import { DEFAULT_DATA_DIR, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 state [--data DIR] [--seat N]\n';

/** Runs `red7 state`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const bad = unexpectedOptions(options, ['data', 'seat'], positional, 0);
  const seatText = options.get('seat') as string | undefined;
  if (bad !== null || (seatText !== undefined && !/^\d$/.test(seatText))) {
    io.stderr.write(`red7 state: ${bad ?? '--seat must be a seat number (0 to 3)'}\n${USAGE}`);
    return 2;
  }
  const dataDir = (options.get('data') as string | undefined) ?? DEFAULT_DATA_DIR;
  const referee = await startReferee({ dataDir, readonly: true }, io.stderr, 'state');
  if (referee === null) return 1;
  try {
    if (seatText === undefined) {
      writeJsonLine(io.stdout, referee.publicView());
      return 0;
    }
    const view = referee.privateView(Number(seatText));
    if (view === null) {
      io.stderr.write(`red7 state: there is no seat ${seatText} in the current game\n`);
      return 1;
    }
    writeJsonLine(io.stdout, view);
    return 0;
  } finally {
    await referee.stop();
  }
};
