import { describe, expect, it } from 'vitest';
import { red7 } from '../helpers/cli.ts';

describe('the red7 command', () => {
  it('lists its sub-commands when asked for help', async () => {
    const r = await red7(['help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/judge/);
    expect(r.stdout).toMatch(/simulate/);
  });

  it('prints the usage and fails without a sub-command', async () => {
    const r = await red7([]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Usage: red7/);
  });

  it('names an unknown sub-command and exits 2', async () => {
    const r = await red7(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
