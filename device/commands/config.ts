// `red7 config`: the effective configuration, where each value came from, and what it means.
import { ConfigError, SETTINGS, loadConfig } from '../config.ts';
import { parseOptions, writeJsonLine, type CommandRun } from './io.ts';

/** Runs `red7 config [--json]`. */
export const run: CommandRun = async (args, io) => {
  const { options, positional } = parseOptions(args);
  if (positional.length > 0 || [...options.keys()].some((k) => k !== 'json')) {
    io.stderr.write('usage: red7 config [--json]\n');
    return 2;
  }
  try {
    const { config, sources, file } = loadConfig();
    if (options.has('json')) {
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
  } catch (e) {
    if (e instanceof ConfigError) {
      io.stderr.write(`red7 config: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
};
