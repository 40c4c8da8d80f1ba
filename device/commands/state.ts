// `red7 state [--data DIR] [--seat N|NAME]`: the current public view (or one seat's private view) as
// JSON. People name a seat by its player or number it from 1; the JSON's own `seat` counts from 0.
import { DEFAULT_DATA_DIR, startReferee, unexpectedOptions } from '../referee/cli-support.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 state [--data DIR] [--seat N|NAME]   (N counts from 1; the JSON\'s seat field from 0)\n';

/** Runs `red7 state`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  const bad = unexpectedOptions(options, ['data', 'seat'], positional, 0);
  const seatText = options.get('seat') as string | undefined;
  if (bad !== null || (seatText !== undefined && (seatText.length === 0 || seatText.length > 24))) {
    io.stderr.write(`red7 state: ${bad ?? '--seat must be a seat number (1 to 4) or a player\'s name'}\n${USAGE}`);
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
    const names = referee.publicView().players.map((p) => p.name);
    const index = /^\d$/.test(seatText) ? Number(seatText) - 1 : names.findIndex((n) => n.toLowerCase() === seatText.toLowerCase());
    const view = index < 0 ? null : referee.privateView(index);
    if (view === null) {
      const seats = names.map((n, i) => `${i + 1} ${n}`).join(', ');
      io.stderr.write(`red7 state: there is no seat ${seatText} in the current game${seats === '' ? '' : ` (seats: ${seats})`}\n`);
      return 1;
    }
    writeJsonLine(io.stdout, view);
    return 0;
  } finally {
    await referee.stop();
  }
};
