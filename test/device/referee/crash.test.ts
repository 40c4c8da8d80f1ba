// The crash drill (RULES.md §10): a child process plays a long scripted game through the real
// `red7 play` and is killed with SIGKILL at random points; after a restart the table must stand
// exactly where the acknowledgements say. Every accepted command is committed before its answer
// line is written, so the restarted state is the one after the last acknowledged command — or,
// when the kill fell between a commit and its answer, after the one command still in flight. Every
// line carries a source and id, so the sender's resend of that unanswered command is applied once:
// after the resend the table stands exactly where an uninterrupted run stands, every time.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '../../../device/simulation/rng.ts';
import type { Referee } from '../../../device/referee/referee.ts';
import type { PublicView, SubmitResult } from '../../../device/referee/types.ts';
import { cleanupDirs, startedReferee, tempDir } from './helpers.ts';
import { longGame } from './scripted-games.ts';

const TRIALS = 50;
const ARTIFACTS = join(process.cwd(), 'test-artifacts', 'referee-crash');
/** The real `red7 play`, bundled once so that fifty child processes start in a fraction of tsx's time. */
const CLI = join(ARTIFACTS, 'red7-play.mjs');

/** The script: a long simulated game with undos, redeliveries (same source and id) and a few broken lines. */
function script(): string[] {
  const rng = makeRng(2026);
  const out: string[] = [];
  const send = (command: object, id = `line-${out.length}`) => out.push(JSON.stringify({ ...command, source: 'drill', id }));
  for (const [i, command] of longGame(150, 3, 170).entries()) {
    send(command);
    if (i > 0 && rng.next() < 0.05) {
      send({ type: 'undo' });
      send(command);
    }
    if (rng.next() < 0.02) out.push('{"type": not json');
    if (rng.next() < 0.03) send(command, `line-${out.length - 1}`); // a flaky input delivers the last line twice
  }
  return out;
}

const LINES = script();
/** The public view after each accepted sequence number, from an uninterrupted run. */
const expected = new Map<number, PublicView>();
/** The public view after each line, from an uninterrupted run. */
const afterLine: PublicView[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Only `red7 play` is bundled: the whole CLI would load the serial port, GPIO and camera code at every start.
  await build({
    stdin: {
      contents: "import { run } from './device/commands/play.ts';\nprocess.exitCode = await run(process.argv.slice(3), process);\n",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: CLI, logLevel: 'error',
  });
  const referee = await startedReferee();
  for (const line of LINES) {
    const r = await submitLine(referee, line);
    if (r?.ok) expected.set(r.seq, r.view);
    afterLine.push(referee.publicView());
  }
  await referee.stop();
}, 120_000);

afterAll(cleanupDirs);

/** Submits one script line as `red7 play` would; a line that is not JSON changes nothing. */
async function submitLine(referee: Referee, line: string): Promise<SubmitResult | null> {
  let command: unknown;
  try {
    command = JSON.parse(line);
  } catch {
    return null;
  }
  return referee.submit(command);
}

/** A view without the refusal banner, which lives in memory only and so does not survive a restart. */
const settled = (v: PublicView) => ({ ...v, warning: null });

/** Starts `red7 play`, feeds it the script, and kills it with SIGKILL once `after` answers have come back. */
function playAndKill(dataDir: string, after: number, delayMs: number): Promise<{ acked: number; answers: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'play', '--data', dataDir], { stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer = '';
    let answers = 0;
    let acked = 0;
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    };
    if (after === 0) setTimeout(kill, delayMs);
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const answer = JSON.parse(line) as { ok: boolean; seq?: number };
        answers++;
        if (answer.ok) acked = Math.max(acked, answer.seq!);
        if (answers >= after && after > 0) kill();
      }
    });
    child.stdin.on('error', () => undefined); // the pipe breaks when the child dies mid-write
    child.stdin.end(`${LINES.join('\n')}\n`);
    child.on('error', reject);
    child.on('close', () => resolve({ acked, answers }));
  });
}

describe('the journal under SIGKILL', () => {
  it(`comes back to the last acknowledged command every time (${TRIALS} kills at random points)`, async () => {
    const rng = makeRng(99);
    const total = LINES.length;
    // Drawn up front so that the trials are the same whatever order the two lanes finish in.
    const plans = Array.from({ length: TRIALS }, () => ({ after: rng.int(total + 1), delayMs: rng.int(400) }));
    let inFlight = 0;
    let finished = 0;
    const trial = async (index: number) => {
      const { after, delayMs } = plans[index]!;
      const dataDir = tempDir();
      const { acked, answers } = await playAndKill(dataDir, after, delayMs); // after 0: killed during start-up
      if (answers === total) finished++;
      const referee = await startedReferee({ dataDir });
      const view = referee.publicView();
      const where = `trial ${index}: killed after ${answers} answers, last acknowledged seq ${acked}, restarted at seq ${view.seq}`;
      // Nothing acknowledged is lost; at most the one command committed but not yet answered is extra.
      expect(view.seq, where).toBeGreaterThanOrEqual(acked);
      expect(view.seq, where).toBeLessThanOrEqual(acked + 1);
      if (view.seq === 0) expect(view.game, where).toBeNull();
      else expect(view, where).toEqual(expected.get(view.seq));
      if (view.seq === acked + 1) inFlight++;
      // The sender resends the line it got no answer for: applied once, whether or not it was already committed.
      if (answers < total) {
        await submitLine(referee, LINES[answers]!);
        expect(settled(referee.publicView()), `${where}, after resending line ${answers}`).toEqual(settled(afterLine[answers]!));
      }
      await referee.stop();
    };
    // Three lanes: the children mostly wait on fsync (a sixth of the wall time is CPU), so three fit on two cores.
    let next = 0;
    const lane = async () => {
      while (next < TRIALS) await trial(next++);
    };
    await Promise.all([lane(), lane(), lane()]);
    // Most kills must land mid-game for the drill to mean anything.
    expect(finished).toBeLessThan(TRIALS / 2);
    console.info(`crash drill: ${TRIALS} kills over a ${total}-line script, ${finished} after the whole script, ${inFlight} with one committed command not yet acknowledged`);
  }, 180_000);
});
