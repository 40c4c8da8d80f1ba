import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../shared/random.ts';
import { makeRng as simulationRng } from '../../device/simulation/rng.ts';
import { makeRng as visionRng } from '../../vision/random.ts';

describe('mulberry32', () => {
  it('gives the same floats in [0, 1) for the same seed, and others for another seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });

  it('is the one generator under the simulation and vision', () => {
    const core = mulberry32(7);
    const expected = [core(), core(), core()];
    const sim = simulationRng(7);
    expect([sim.next(), sim.next(), sim.next()]).toEqual(expected);
    const vis = visionRng(7);
    expect([vis.next(), vis.next(), vis.next()]).toEqual(expected);
  });
});
