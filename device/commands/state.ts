// `red7 state [--data DIR] [--seat N|NAME]`: the current public view (or one seat's private view) as
// JSON. People name a seat by its player or number it from 1; the JSON's own `seat` counts from 0.
import { DATA_NEEDS, startReferee } from './journal-options.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

const USAGE = 'usage: red7 state [--data DIR] [--seat N|NAME]   (N counts from 1; the JSON\'s seat field from 0)\n';

/** Runs `red7 state`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { data: { type: 'string' }, seat: { type: 'string' } }, { needs: { ...DATA_NEEDS, seat: 'a seat number or a name' } });
  const seatText = parsed.ok ? parsed.values.seat : undefined;
  if (!parsed.ok || (seatText !== undefined && (seatText.length === 0 || seatText.length > 24))) {
    io.stderr.write(`red7 state: ${!parsed.ok ? parsed.problem : '--seat must be a seat number (1 to 4) or a player\'s name'}\n${USAGE}`);
    return 2;
  }
  const referee = await startReferee(root(), { data: parsed.values.data, readonly: true }, io.stderr, 'state');
  if (referee === null) return 1;
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
};
