// The `red7` command: one table of sub-commands, each loaded only when it is used so that
// `red7 judge` does not pay for TensorFlow or SQLite.
import type { CommandIo, CommandRun } from './commands/io.ts';
import type { Parts } from './wiring/parts.ts';

interface SubCommand {
  summary: string;
  load: () => Promise<{ run: CommandRun }>;
  /** False for the pure commands (judge, simulate), which build no part. */
  usesParts?: false;
}

const COMMANDS: Record<string, SubCommand> = {
  start: { summary: 'start the companion: dashboard, referee, panel, camera (--demo replays a recorded game)', load: () => import('./commands/start.ts') },
  judge: { summary: 'judge positions read as JSON lines on stdin', load: () => import('./commands/judge.ts'), usesParts: false },
  classify: { summary: 'read the card in each photo: one JSON line per file (--exclude R7,B3; --data DIR reads with its active deck)', load: () => import('./commands/classify.ts') },
  enrol: { summary: 'teach the companion your deck from photos of known cards (--photos DIR --labels FILE [--data DIR] [--name NAME])', load: () => import('./commands/enrol.ts') },
  'vision-eval': { summary: 'test the card model on fresh rendered photos (--count N --seed S --png FILE; --conditions [--only LINES] for a line per table condition)', load: () => import('./commands/vision-eval.ts') },
  simulate: { summary: 'play seeded random games through the rules', load: () => import('./commands/simulate.ts'), usesParts: false },
  play: { summary: 'referee a game: commands as JSON lines on stdin, one answer line each', load: () => import('./commands/play.ts') },
  state: { summary: 'print the current public view (or --seat N private view)', load: () => import('./commands/state.ts') },
  games: { summary: 'list the games kept in the journal', load: () => import('./commands/games.ts') },
  replay: { summary: 'print a kept game as a readable transcript (--lang xx)', load: () => import('./commands/replay.ts') },
  export: { summary: 'print a kept game as JSON (commands and events)', load: () => import('./commands/export.ts') },
  config: { summary: 'print the effective configuration and where each value came from', load: () => import('./commands/config.ts') },
  gpio: { summary: "show the Pi's GPIO pin mapping; --signal/--watch drive the LEDs, buzzer, scan button", load: () => import('./commands/gpio.ts') },
  say: { summary: 'speak a text through espeak-ng (--lang, --wav FILE)', load: () => import('./commands/say.ts') },
  panel: { summary: 'talk to the seat panel: key events as JSON lines, "led 0 ON" on stdin (--port, --list)', load: () => import('./commands/panel.ts') },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `Usage: red7 <command> [options]\n\nCommands:\n${lines.join('\n')}\n`;
}

/** Runs the `red7` command line; returns the exit code. */
export async function main(argv: string[], io: CommandIo = process): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout.write(usage());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.stderr.write(`red7: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  const { run } = await command.load();
  // Every command takes its parts from one composition root, built from the configuration on first use.
  let parts: Parts | null = null;
  const root = (options: { logTo?: { stream: NodeJS.WritableStream; quiet: boolean } } = {}): Parts => {
    if (parts === null) {
      const { createParts } = partsModule!;
      parts = createParts({ env: io.env ?? process.env, cwd: io.workDir ?? process.cwd(), logTo: options.logTo ?? { stream: io.stderr, quiet: true } });
    }
    return parts;
  };
  // Loaded here, not at the top: `red7 judge` pays for no part it does not use.
  const partsModule = command.usesParts === false ? null : await import('./wiring/parts.ts');
  try {
    return await run(rest, io, root);
  } catch (e) {
    if (e instanceof Error && e.name === 'ConfigError') {
      io.stderr.write(`red7 ${name}: ${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    await (parts as Parts | null)?.stop();
  }
}
