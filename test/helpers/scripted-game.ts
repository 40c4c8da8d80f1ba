// A long, realistic command list: a seeded simulated game (refused attempts included), so the
// drills feed the service exactly what a table would send.
import type { GameCommand } from '../../device/rules/index.ts';
import { makeRng } from '../../device/simulation/rng.ts';
import { playGame } from '../../device/simulation/random-game.ts';

/** Commands of seeded games of the given kind, one game after another, at least `minimum` long. */
export function scriptedCommands(seed: number, minimum: number, options = { players: 3, advanced: true, actions: true }): GameCommand[] {
  const rng = makeRng(seed);
  const commands: GameCommand[] = [];
  while (commands.length < minimum) commands.push(...playGame(rng, options).log);
  return commands;
}
