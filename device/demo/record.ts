// Records the demo's game: `npx tsx device/demo/record.ts` picks the first seeded simulated game
// that shows a newcomer the most in about a minute (a card action, a refused play, a rule change)
// and writes it to recorded-game.json. Run again only to change the game; the output is committed.
import { writeFileSync } from 'node:fs';
import { applyCommand, type GameCommand, type GameState } from '../rules/index.ts';
import { makeRng } from '../simulation/rng.ts';
import { playGame } from '../simulation/random-game.ts';

/** Refused commands the camera could show: not a visible card, which the classifier rules out. */
function interesting(log: GameCommand[]): boolean {
  let state: GameState | null = null;
  let refused = 0;
  let visible = 0;
  let canvas = 0;
  let actions = 0;
  for (const c of log) {
    const r = applyCommand(state, c);
    if (!r.ok) {
      refused++;
      if (r.rejection.code === 'card/visible') visible++;
      continue;
    }
    state = r.state;
    if (c.type === 'play' && c.to === 'canvas') canvas++;
    if (c.type === 'discard' || c.type === 'take' || (c.type === 'draw' && r.events.some((e) => e.type === 'cardDrawn' && e.reason === 'action'))) actions++;
  }
  return log.length >= 28 && log.length <= 45 && refused >= 1 && visible === 0 && canvas >= 2 && actions >= 1;
}

for (let seed = 1; seed < 100_000; seed++) {
  const table = playGame(makeRng(seed), { players: 3, advanced: false, actions: true });
  if (interesting(table.log)) {
    const file = new URL('./recorded-game.json', import.meta.url);
    // One command a line: the file reads like the journal it feeds.
    writeFileSync(file, `{"seed": ${seed}, "commands": [\n${table.log.map((c) => JSON.stringify(c)).join(',\n')}\n]}\n`);
    console.log(`seed ${seed}: ${table.log.length} commands written to ${file.pathname}`);
    break;
  }
}
