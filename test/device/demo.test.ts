import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { replay } from '../../device/rules/index.ts';
import { recordedGame } from '../../device/demo/demo.ts';
import { startCompanion } from '../../device/main.ts';
import { freshDataDir } from '../helpers/service.ts';

describe('npm start -- --demo', () => {
  it('plays the recorded game to its end through the camera, the classifier, the simulated panel and the referee', async () => {
    const dataDir = freshDataDir();
    const companion = await startCompanion({
      demo: true, demoPaceMs: 0, port: 0, logger: pino({ level: 'silent' }),
      env: { RED7_DATA: dataDir, RED7_HOST: '127.0.0.1', RED7_GPIO: 'off', RED7_SPEECH: 'false', RED7_PANEL: 'none' },
    });
    try {
      expect(companion.summary.join('\n')).toMatch(/demo:/);
      const deadline = performance.now() + 240_000;
      while (companion.referee.publicView().phase !== 'gameOver') {
        expect(performance.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The table ends where the recorded game ends.
      const expected = replay(recordedGame()).state!;
      const view = companion.referee.publicView();
      expect(view.winner).toBe(expected.winner);
      expect(view.players.map((p) => p.palette.length)).toEqual(expected.players.map((p) => p.palette.length));
      // Cards went through the classifier and the panel, not only through manual entry.
      const game = companion.referee.exportGame(view.game!)!;
      const fromPanel = game.commands.filter((c) => c.command.source === 'panel' && 'card' in c.command).length;
      expect(fromPanel).toBeGreaterThan(0);
      // The referee's scan strip shows the photos being read, each with its located outline.
      const seen = await fetch(`${companion.url}/api/seen`, { headers: { Authorization: `Bearer ${companion.pin}` } });
      const { frames } = (await seen.json()) as { frames: Array<{ source: string; card: string | null; quad: unknown[] | null; guesses: unknown[] }> };
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((f) => f.card !== null)).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'tray', quad: expect.any(Array), guesses: expect.any(Array) })]));
      console.log(`demo: ${game.commands.length} commands, ${fromPanel} cards read from their photos through the panel`);
      // It then says it is over (the start command prints this and exits).
      expect(await companion.demoOver).toMatch(/^demo over: \d+ steps, \d+ cards read from their photos/);
    } finally {
      await companion.stop();
    }
  }, 300_000);
});
