// `red7 panel` against the real firmware in panel-sim: events out as JSON lines, LEDs in on stdin.
import { PassThrough } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../device/cli.ts';
import { PanelSim, buildFirmwareAndSim } from '../../helpers/panel-sim.ts';
import { PATIENCE_MS } from '../../helpers/patience.ts';

async function until(check: () => void | Promise<void>, timeoutMs = PATIENCE_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('red7 panel', () => {
  let dir: string;
  let sim: PanelSim;

  beforeAll(async () => {
    await buildFirmwareAndSim();
    dir = await mkdtemp(join(tmpdir(), 'red7-panel-cli-'));
    sim = await PanelSim.start({ link: join(dir, 'panel') });
  }, 300_000);

  afterAll(async () => {
    await sim?.stop('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints key events as JSON lines and sets LEDs from stdin', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const lines = () => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    const exit = main(['panel', '--port', join(dir, 'panel')], { stdin, stdout, stderr });

    await until(() => expect(lines()).toContainEqual(expect.objectContaining({ event: 'up', fw: '1.0.0' })), 15_000);
    await sim.press(2, 'C');
    await until(() => expect(lines()).toContainEqual(expect.objectContaining({ event: 'key', seat: 2, key: 'canvas', press: 'short' })));
    await sim.release(2, 'C');

    stdin.write('led 2 blink\nled 1 on\n');
    await until(() => expect(lines().filter((l) => l.ok === true)).toHaveLength(2));
    await until(async () => expect((await sim.leds())['1']).toBe(1));
    await sim.waitForLed((c) => c.name === '2', PATIENCE_MS);

    stdin.write('led 9 ON\n');
    await until(() => expect(lines()).toContainEqual({ error: expect.stringContaining('led takes a target') }));
    stdin.write('stats\n');
    await until(() => expect(lines()).toContainEqual(expect.objectContaining({ phase: 'up', stats: expect.objectContaining({ keys: 1 }) })));
    stdin.write('quit\n');
    expect(await exit).toBe(1); // one bad line was answered with an error
  });

  it('refuses unknown options with the usage', async () => {
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const code = await main(['panel', '--baud', '9600'], { stdin: new PassThrough(), stdout: new PassThrough(), stderr });
    expect(code).toBe(2);
    expect(err).toContain('unknown option --baud');
  });
});
