import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_TIMING, initialLinkState, linkStep, type LinkEffect, type LinkInput, type LinkState } from '../../../../device/hardware/panel/link.ts';
import type { Frame, KeyFrame } from '../../../../device/hardware/panel/protocol.ts';

const HELLO: Frame = { type: 'HELLO', seq: 0, fw: '1.0.0', keys: '4xPCDE+U' };
const key = (seq: number, seat: KeyFrame['seat'] = 0, k: KeyFrame['key'] = 'P', kind: KeyFrame['kind'] = 'S'): KeyFrame =>
  ({ type: 'KEY', seq, seat, key: k, kind });

/** Replays inputs from a state; returns the final state and every effect in order. */
function run(inputs: LinkInput[], state: LinkState = initialLinkState()): { state: LinkState; effects: LinkEffect[] } {
  const effects: LinkEffect[] = [];
  for (const input of inputs) {
    const step = linkStep(state, input);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

/** A link that opened at t=0 and heard HELLO at t=10. */
function upAt10(): LinkState {
  return run([{ type: 'opened', now: 0 }, { type: 'frame', frame: HELLO, now: 10 }]).state;
}

const sent = (effects: LinkEffect[]) => effects.flatMap((e) => (e.type === 'send' ? [e.frame] : []));

describe('the panel link', () => {
  it('ignores key frames until the panel says HELLO, and does not ack them', () => {
    const { effects, state } = run([{ type: 'opened', now: 0 }, { type: 'frame', frame: key(1), now: 5 }]);
    expect(state.phase).toBe('waitingHello');
    expect(effects).toEqual([{ type: 'ignored', frame: key(1), why: expect.stringContaining('HELLO') }]);
  });

  it('goes up on HELLO and sends the whole LED state', () => {
    const { effects, state } = run([{ type: 'opened', now: 0 }, { type: 'frame', frame: HELLO, now: 10 }]);
    expect(state.phase).toBe('up');
    expect(effects[0]).toEqual({ type: 'up', hello: HELLO });
    expect(sent(effects)).toEqual([
      { type: 'LED', seq: 1, target: '0', mode: 'OFF' }, { type: 'LED', seq: 2, target: '1', mode: 'OFF' },
      { type: 'LED', seq: 3, target: '2', mode: 'OFF' }, { type: 'LED', seq: 4, target: '3', mode: 'OFF' },
      { type: 'LED', seq: 5, target: 'G', mode: 'ON' }, { type: 'LED', seq: 6, target: 'R', mode: 'OFF' },
    ]);
  });

  it('reports a key and then acks it by its seq', () => {
    const { effects } = run([{ type: 'frame', frame: key(7, 2), now: 20 }], upAt10());
    expect(effects).toEqual([{ type: 'key', frame: key(7, 2) }, { type: 'send', frame: { type: 'ACK', seq: 7 } }]);
  });

  it('acks a re-sent key again but reports it only once', () => {
    const { effects } = run([
      { type: 'frame', frame: key(7), now: 20 },
      { type: 'frame', frame: key(7), now: 270 },
      { type: 'frame', frame: key(7), now: 520 },
    ], upAt10());
    expect(effects.filter((e) => e.type === 'key')).toHaveLength(1);
    expect(effects.filter((e) => e.type === 'duplicate')).toHaveLength(2);
    expect(sent(effects)).toEqual([{ type: 'ACK', seq: 7 }, { type: 'ACK', seq: 7 }, { type: 'ACK', seq: 7 }]);
  });

  it('takes the same seq with another key as a new press (the panel\'s counter wrapped)', () => {
    const { effects } = run([{ type: 'frame', frame: key(7, 0, 'P'), now: 20 }, { type: 'frame', frame: key(7, 1, 'C'), now: 30 }], upAt10());
    expect(effects.filter((e) => e.type === 'key')).toHaveLength(2);
  });

  it('takes a seq that came round the 1…255 cycle again as a new press, even for the same key', () => {
    const inputs: LinkInput[] = [{ type: 'frame', frame: key(7), now: 20 }];
    for (let seq = 8; seq !== 7; seq = seq >= 255 ? 1 : seq + 1) inputs.push({ type: 'frame', frame: { type: 'HB', seq }, now: 21 });
    inputs.push({ type: 'frame', frame: key(7), now: 22 });
    expect(run(inputs, upAt10()).effects.filter((e) => e.type === 'key')).toHaveLength(2);
  });

  it('still takes a re-send that arrives after newer frames as a duplicate', () => {
    const { effects } = run([
      { type: 'frame', frame: key(7), now: 20 },
      { type: 'frame', frame: { type: 'HB', seq: 8 }, now: 30 },
      { type: 'frame', frame: key(9, 1), now: 40 },
      { type: 'frame', frame: key(7), now: 270 },
    ], upAt10());
    expect(effects.filter((e) => e.type === 'key').map((e) => (e as { frame: KeyFrame }).frame.seq)).toEqual([7, 9]);
    expect(effects.filter((e) => e.type === 'duplicate')).toHaveLength(1);
  });

  it('forgets seen keys after a HELLO, because the panel restarted its numbering', () => {
    const { effects } = run([
      { type: 'frame', frame: key(1), now: 20 },
      { type: 'frame', frame: HELLO, now: 30 },
      { type: 'frame', frame: key(1), now: 40 },
    ], upAt10());
    expect(effects.filter((e) => e.type === 'key')).toHaveLength(2);
  });

  it('forgets a seen key once the re-send window has passed', () => {
    const later = 20 + DEFAULT_LINK_TIMING.duplicateWindowMs;
    const { effects } = run([
      { type: 'frame', frame: key(1), now: 20 },
      { type: 'frame', frame: { type: 'HB', seq: 2 }, now: later - 10 },
      { type: 'tick', now: later },
      { type: 'frame', frame: key(1), now: later + 1 },
    ], upAt10());
    expect(effects.filter((e) => e.type === 'key')).toHaveLength(2);
  });

  it('sends a host heartbeat every second once up', () => {
    let state = upAt10();
    const hbs: number[] = [];
    for (let t = 10; t <= 3010; t += 50) {
      const step = linkStep(state, { type: 'frame', frame: { type: 'HB', seq: 1 }, now: t });
      const tick = linkStep(step.state, { type: 'tick', now: t });
      state = tick.state;
      for (const f of sent(tick.effects)) if (f.type === 'HB') hbs.push(t);
    }
    expect(hbs).toEqual([1010, 2010, 3010]);
  });

  it('calls the link dead after 3 s without a panel frame, not before', () => {
    const s = run([{ type: 'frame', frame: { type: 'HB', seq: 1 }, now: 1000 }], upAt10()).state;
    expect(run([{ type: 'tick', now: 3999 }], s).effects.some((e) => e.type === 'dead')).toBe(false);
    const dead = run([{ type: 'tick', now: 4000 }], s);
    expect(dead.effects).toContainEqual({ type: 'dead', reason: 'no frame from the panel for 3000 ms' });
    expect(dead.state.phase).toBe('closed');
  });

  it('calls the link dead when no HELLO comes within 3 s of opening', () => {
    const { effects } = run([{ type: 'opened', now: 0 }, { type: 'frame', frame: { type: 'HB', seq: 4 }, now: 1000 }, { type: 'tick', now: 4000 }]);
    expect(effects).toContainEqual({ type: 'dead', reason: 'no HELLO within 3000 ms of opening the port' });
  });

  it('calls the link dead 3 s after opening when heartbeats come but no HELLO (the board did not reset)', () => {
    const inputs: LinkInput[] = [{ type: 'opened', now: 0 }];
    for (let t = 500; t <= 3000; t += 500) inputs.push({ type: 'frame', frame: { type: 'HB', seq: t / 500 }, now: t }, { type: 'tick', now: t });
    const { effects } = run(inputs);
    expect(effects.filter((e) => e.type === 'dead')).toEqual([{ type: 'dead', reason: 'no HELLO within 3000 ms of opening the port' }]);
  });

  it('sends an LED command at once when up', () => {
    const { effects, state } = run([{ type: 'setLed', target: '2', mode: 'BLINK', now: 20 }], upAt10());
    expect(sent(effects)).toEqual([{ type: 'LED', seq: 7, target: '2', mode: 'BLINK' }]);
    expect(state.leds['2']).toBe('BLINK');
  });

  it('keeps LED commands made while closed and sends them after the HELLO', () => {
    const { effects } = run([
      { type: 'setLed', target: '1', mode: 'ON', now: 0 },
      { type: 'setLed', target: 'R', mode: 'BLINK', now: 0 },
      { type: 'opened', now: 5 },
      { type: 'frame', frame: HELLO, now: 10 },
    ]);
    const leds = sent(effects).flatMap((f) => (f.type === 'LED' ? [`${f.target}=${f.mode}`] : []));
    expect(leds).toEqual(['0=OFF', '1=ON', '2=OFF', '3=OFF', 'G=ON', 'R=BLINK']);
  });

  it('re-sends the LED state after a reconnect', () => {
    const s = run([{ type: 'setLed', target: '3', mode: 'ON', now: 20 }, { type: 'closed', now: 30 }, { type: 'opened', now: 300 }], upAt10()).state;
    const { effects } = run([{ type: 'frame', frame: HELLO, now: 400 }], s);
    expect(sent(effects)).toContainEqual(expect.objectContaining({ type: 'LED', target: '3', mode: 'ON' }));
  });

  it('re-sends an unacknowledged LED frame with the same seq every 250 ms, 8 sends at most', () => {
    let s = run([{ type: 'setLed', target: '0', mode: 'ON', now: 20 }], upAt10()).state;
    // The HELLO's own six LED frames are acked, so only the new one is outstanding.
    for (let seq = 1; seq <= 6; seq++) s = linkStep(s, { type: 'frame', frame: { type: 'ACK', seq }, now: 21 }).state;
    const effects: LinkEffect[] = [];
    for (let t = 20; t <= 20 + 250 * 10; t += 250) {
      s = linkStep(s, { type: 'frame', frame: { type: 'HB', seq: 1 }, now: t }).state;
      const step = linkStep(s, { type: 'tick', now: t });
      s = step.state;
      effects.push(...step.effects);
    }
    const leds = sent(effects).filter((f) => f.type === 'LED');
    expect(leds).toHaveLength(7);
    expect(new Set(leds.map((f) => f.seq))).toEqual(new Set([7]));
    expect(effects).toContainEqual({ type: 'ledFailed', target: '0', mode: 'ON' });
  });

  it('stops re-sending an LED frame once the panel acks it', () => {
    let s = run([{ type: 'setLed', target: '0', mode: 'ON', now: 20 }, { type: 'frame', frame: { type: 'ACK', seq: 7 }, now: 30 }], upAt10()).state;
    s = run([1, 2, 3, 4, 5, 6].map((seq) => ({ type: 'frame' as const, frame: { type: 'ACK' as const, seq }, now: 31 })), s).state;
    expect(s.unackedLeds).toEqual([]);
    expect(sent(run([{ type: 'tick', now: 400 }], s).effects).filter((f) => f.type === 'LED')).toEqual([]);
  });

  it('numbers host frames 1 to 255 and then wraps to 1', () => {
    let s = upAt10();
    const seqs: number[] = [];
    for (let i = 0; i < 260; i++) {
      const step = linkStep(s, { type: 'setLed', target: 'G', mode: i % 2 ? 'ON' : 'OFF', now: 20 });
      s = step.state;
      seqs.push(...sent(step.effects).map((f) => f.seq));
    }
    expect(seqs.slice(246, 252)).toEqual([253, 254, 255, 1, 2, 3]);
    expect(seqs.includes(0)).toBe(false);
  });

  it('is pure: the same state and input give the same step, and the state is not changed', () => {
    const s = upAt10();
    const before = JSON.stringify({ ...s, seen: [...s.seen] });
    const a = linkStep(s, { type: 'frame', frame: key(9), now: 50 });
    const b = linkStep(s, { type: 'frame', frame: key(9), now: 50 });
    expect(a.effects).toEqual(b.effects);
    expect(JSON.stringify({ ...s, seen: [...s.seen] })).toBe(before);
  });

  it('ignores LED frames coming from the panel', () => {
    const { effects } = run([{ type: 'frame', frame: { type: 'LED', seq: 1, target: 'G', mode: 'ON' }, now: 20 }], upAt10());
    expect(effects).toMatchObject([{ type: 'ignored' }]);
  });
});
