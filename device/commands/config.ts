// `red7 config`: the effective configuration, where each value came from, and what it means.
import { SETTINGS } from '../config.ts';
import { parseCommandArgs, writeJsonLine, type CommandRun } from './io.ts';

/** Runs `red7 config [--json]`. */
export const run: CommandRun = async (args, io, root) => {
  const parsed = parseCommandArgs(args, { json: { type: 'boolean' } });
  if (!parsed.ok) {
    io.stderr.write(`red7 config: ${parsed.problem}\nusage: red7 config [--json]\n`);
    return 2;
  }
  // A configuration that cannot be used is answered by the red7 command: "red7 config: invalid configuration …".
  const { config, sources, file } = root();
  if (parsed.values.json === true) {
    writeJsonLine(io.stdout, { file, config, sources });
    return 0;
  }
  io.stdout.write(`config file: ${file ?? 'none (red7.config.json not found; defaults and environment only)'}\n\n`);
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const value = (config as Record<string, unknown>)[key];
    const shown = key === 'pin' && value !== undefined ? '(set)' : value === undefined ? '-' : String(value);
    io.stdout.write(`${key.padEnd(15)} ${shown.padEnd(22)} ${sources[key as keyof typeof sources].padEnd(8)} ${setting.env.padEnd(20)} ${setting.description}\n`);
  }
  return 0;
};
