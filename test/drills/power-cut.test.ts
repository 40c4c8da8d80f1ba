// Power-cut drill: the running service is killed with SIGKILL at random points of
// advanced 3-player games with card actions, twenty times; after each restart the dashboard's
// state is exactly the one after the last acknowledged command — or after the one command that
// was in flight, when the cut fell between its commit and its answer (commit comes first).
import { describe, expect, it } from 'vitest';
import { Referee } from '../../device/referee/referee.ts';
import type { PublicView } from '../../device/referee/types.ts';
import { makeRng } from '../../device/simulation/rng.ts';
import { freshDataDir, getState, postCommand, startService } from '../helpers/service.ts';
import { scriptedCommands } from '../helpers/scripted-game.ts';

const CUTS = 20;
const COMMANDS = scriptedCommands(2026, 4000);

/** The public view after each accepted command, in order, from an uninterrupted in-process run. */
async function expectedViews(): Promise<PublicView[]> {
  const referee = new Referee({ dataDir: freshDataDir() });
  await referee.start();
  const views: PublicView[] = [];
  for (const command of COMMANDS) {
    const r = await referee.submit(command);
    if (r.ok) views.push(r.view);
  }
  await referee.stop();
  return views;
}

describe('the power-cut drill', () => {
  it(`comes back to the last acknowledged state after ${CUTS} SIGKILLs at random points`, async () => {
    const expected = await expectedViews();
    const rng = makeRng(7);
    const dataDir = freshDataDir();
    let next = 0;
    /** Accepted commands acknowledged so far; the state after them is expected[acknowledged - 1]. */
    let acknowledged = 0;
    let inFlightCommitted = 0;
    let initial: PublicView | undefined;
    for (let cuts = 0; ; ) {
      const service = await startService(dataDir);
      const state = (await getState(service.url)) as PublicView;
      // Before any acknowledged command the state is the fresh companion's: a first newGame that
      // committed while in flight must be caught here too, or the drill would start a second game.
      initial ??= state;
      const before = acknowledged > 0 ? expected[acknowledged - 1] : initial;
      if (JSON.stringify(state) !== JSON.stringify(before)) {
        // The one command in flight at the cut committed before its answer could leave.
        expect(state).toEqual(expected[acknowledged]);
        inFlightCommitted++;
        acknowledged++;
        next++;
      }
      if (cuts === CUTS) {
        await service.kill('SIGTERM');
        break;
      }
      // Cut the power after a random 50–600 ms of play.
      const cut = setTimeout(() => service.child.kill('SIGKILL'), 50 + rng.int(550));
      try {
        for (;;) {
          expect(next).toBeLessThan(COMMANDS.length);
          const r = await postCommand(service.url, COMMANDS[next]);
          if (r.status === 429) {
            // The server's flood limit (30 requests/s per address): this drill sends as fast as it can.
            await new Promise((resolve) => setTimeout(resolve, 200));
            continue;
          }
          expect([200, 422], JSON.stringify(r.body)).toContain(r.status);
          if (r.body.ok) acknowledged++;
          next++;
        }
      } catch (err) {
        // The connection died with the process: the command at `next` was in flight.
        if ((err as Error).name === 'AssertionError') throw err;
        cuts++;
      } finally {
        clearTimeout(cut);
        await service.kill();
      }
    }
    expect(acknowledged).toBeGreaterThan(CUTS);
    console.log(`power-cut drill: ${CUTS} cuts, ${acknowledged} commands acknowledged, ${inFlightCommitted} cuts fell between commit and answer`);
  }, 300_000);
});
