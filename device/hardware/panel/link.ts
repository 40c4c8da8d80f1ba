// The panel link as a pure state machine, separate from the port (the zwave-js split): inputs are
// "the port opened/closed", "a frame arrived", "time passed", "the app set an LED"; outputs are
// effects the driver carries out — frames to send, key events to emit, "the link is dead".
// Time comes in with every input, so tests replay exact timelines with no timers.
import type { Frame, HelloFrame, KeyFrame, LedMode, LedTarget } from './protocol.ts';
import { LED_TARGETS } from './protocol.ts';

/** The link's timing; the defaults are protocol v1's. */
export interface LinkTiming {
  /** The host sends a heartbeat this often once the link is up. */
  heartbeatMs: number;
  /** No panel frame for this long (or no HELLO this long after opening) and the link is dead. */
  deadMs: number;
  /** An LED frame not acknowledged after this long is sent again with the same seq. */
  ledRetryMs: number;
  /** At most this many sends of one LED frame. */
  ledMaxSends: number;
  /** A KEY seq seen within this window is a resend. The panel re-sends for 8 × 250 ms = 2 s. */
  duplicateWindowMs: number;
}

/** Protocol v1 timing. */
export const DEFAULT_LINK_TIMING: LinkTiming = {
  heartbeatMs: 1000,
  deadMs: 3000,
  ledRetryMs: 250,
  ledMaxSends: 8,
  duplicateWindowMs: 5000,
};

/** closed: no port; waitingHello: port open, panel resetting; up: HELLO received. */
export type LinkPhase = 'closed' | 'waitingHello' | 'up';

interface SeenKey { at: number; frame: KeyFrame }
interface UnackedLed { seq: number; target: LedTarget; mode: LedMode; sentAt: number; sends: number }

/** Everything the link remembers; treat as immutable. */
export interface LinkState {
  readonly phase: LinkPhase;
  readonly lastPanelFrameAt: number;
  /** When the port opened: the HELLO is due within deadMs of it, whatever else arrives. */
  readonly openedAt: number;
  readonly lastHeartbeatAt: number;
  /** Seq of the host's last frame; the next is 1 after 255, like the panel's numbering. */
  readonly hostSeq: number;
  readonly hello: HelloFrame | null;
  /** KEY frames reported recently, by seq — the duplicate memory a HELLO resets. */
  readonly seen: ReadonlyMap<number, SeenKey>;
  /** The panel's newest seq (KEY or HB) since its HELLO; 0 before any. */
  readonly newestPanelSeq: number;
  /** The LED state the app asked for, re-sent after every HELLO because the panel reset. */
  readonly leds: Readonly<Record<LedTarget, LedMode>>;
  readonly unackedLeds: readonly UnackedLed[];
}

/** What happens to the link. */
export type LinkInput =
  | { type: 'opened'; now: number }
  | { type: 'closed'; now: number }
  | { type: 'frame'; frame: Frame; now: number }
  | { type: 'tick'; now: number }
  | { type: 'setLed'; target: LedTarget; mode: LedMode; now: number };

/** What the driver must do. Effects come in order: a key is reported before its ACK is sent. */
export type LinkEffect =
  | { type: 'send'; frame: Frame }
  | { type: 'key'; frame: KeyFrame }
  | { type: 'duplicate'; frame: KeyFrame }
  | { type: 'up'; hello: HelloFrame }
  | { type: 'dead'; reason: string }
  | { type: 'ignored'; frame: Frame; why: string }
  | { type: 'ledFailed'; target: LedTarget; mode: LedMode };

/** The new state and the effects of one input. */
export interface LinkStep { state: LinkState; effects: LinkEffect[] }

/** The default LED state: seat LEDs off, status green on (the host is alive), red off. */
export const DEFAULT_LEDS: Readonly<Record<LedTarget, LedMode>> = { 0: 'OFF', 1: 'OFF', 2: 'OFF', 3: 'OFF', G: 'ON', R: 'OFF' };

/** A closed link that will show `leds` once a panel says hello. */
export function initialLinkState(leds: Readonly<Record<LedTarget, LedMode>> = DEFAULT_LEDS): LinkState {
  return {
    phase: 'closed', lastPanelFrameAt: 0, openedAt: 0, lastHeartbeatAt: 0, hostSeq: 0, hello: null,
    seen: new Map(), newestPanelSeq: 0, leds: { ...leds }, unackedLeds: [],
  };
}

function nextSeq(seq: number): number {
  return seq >= 255 ? 1 : seq + 1;
}

/** How many steps seq `a` is ahead of seq `b` in the panel's 1…255 cycle (0 when equal). */
function seqAhead(a: number, b: number): number {
  return (((a - b) % 255) + 255) % 255;
}

// A seq up to half the cycle ahead of the newest is a new frame; anything else is behind it,
// i.e. a re-send. Only the panel's own numbered frames (KEY, HB) move the newest seq.
function isNewSeq(state: LinkState, seq: number): boolean {
  if (state.newestPanelSeq === 0) return true;
  const ahead = seqAhead(seq, state.newestPanelSeq);
  return ahead > 0 && ahead < 128;
}

function withNewest(state: LinkState, seq: number): LinkState {
  return isNewSeq(state, seq) ? { ...state, newestPanelSeq: seq } : state;
}

/** Applies one input to the link; pure — the same state and input always give the same step. */
export function linkStep(state: LinkState, input: LinkInput, timing: LinkTiming = DEFAULT_LINK_TIMING): LinkStep {
  switch (input.type) {
    case 'opened':
      // The board resets when the port opens (DTR): nothing is trusted until its HELLO.
      return {
        state: { ...state, phase: 'waitingHello', lastPanelFrameAt: input.now, openedAt: input.now, hello: null, seen: new Map(), newestPanelSeq: 0, unackedLeds: [] },
        effects: [],
      };
    case 'closed':
      return { state: { ...state, phase: 'closed', hello: null, unackedLeds: [] }, effects: [] };
    case 'frame':
      return onFrame(state, input.frame, input.now);
    case 'tick':
      return onTick(state, input.now, timing);
    case 'setLed':
      return onSetLed(state, input.target, input.mode, input.now);
  }
}

function onFrame(state: LinkState, frame: Frame, now: number): LinkStep {
  if (state.phase === 'closed') return { state, effects: [{ type: 'ignored', frame, why: 'the port is closed' }] };
  const alive: LinkState = { ...state, lastPanelFrameAt: now };
  if (frame.type === 'HELLO') return sayHello(alive, frame, now);
  if (state.phase === 'waitingHello') {
    return { state: alive, effects: [{ type: 'ignored', frame, why: 'waiting for the panel\'s HELLO' }] };
  }
  switch (frame.type) {
    case 'KEY':
      return onKey(alive, frame, now);
    case 'ACK': {
      const unackedLeds = alive.unackedLeds.filter((l) => l.seq !== frame.seq);
      return { state: { ...alive, unackedLeds }, effects: [] };
    }
    case 'HB':
      return { state: withNewest(alive, frame.seq), effects: [] };
    case 'LED':
      return { state: alive, effects: [{ type: 'ignored', frame, why: 'LED frames go from host to panel' }] };
  }
}

function sayHello(state: LinkState, hello: HelloFrame, now: number): LinkStep {
  const effects: LinkEffect[] = [{ type: 'up', hello }];
  // A HELLO means the panel rebooted: its LEDs are dark and its seq restarted, so the duplicate
  // memory goes and the whole LED state is sent again.
  let s: LinkState = { ...state, phase: 'up', hello, seen: new Map(), newestPanelSeq: 0, unackedLeds: [], lastHeartbeatAt: now };
  for (const target of LED_TARGETS) {
    const step = sendLed(s, target, s.leds[target], now);
    s = step.state;
    effects.push(...step.effects);
  }
  return { state: s, effects };
}

function onKey(state: LinkState, frame: KeyFrame, now: number): LinkStep {
  const ack: LinkEffect = { type: 'send', frame: { type: 'ACK', seq: frame.seq } };
  const prior = state.seen.get(frame.seq);
  // A seq behind the newest that was reported with the same content is a re-send whose ACK was
  // lost: ack it again, report it once. A seq ahead of the newest, or other content under a
  // remembered seq, means the panel's counter came round again: a new press.
  if (!isNewSeq(state, frame.seq) && prior !== undefined && sameKey(prior.frame, frame)) {
    return { state, effects: [{ type: 'duplicate', frame }, ack] };
  }
  const seen = new Map(state.seen);
  seen.set(frame.seq, { at: now, frame });
  return { state: { ...withNewest(state, frame.seq), seen }, effects: [{ type: 'key', frame }, ack] };
}

function sameKey(a: KeyFrame, b: KeyFrame): boolean {
  return a.seat === b.seat && a.key === b.key && a.kind === b.kind;
}

function onTick(state: LinkState, now: number, timing: LinkTiming): LinkStep {
  if (state.phase === 'closed') return { state, effects: [] };
  // Heartbeats do not stand in for the HELLO: a board that did not reset when the port opened
  // (it was frozen, or its auto-reset is off) must be reopened, which toggles DTR again.
  const silentFor = state.phase === 'waitingHello' ? now - state.openedAt : now - state.lastPanelFrameAt;
  if (silentFor >= timing.deadMs) {
    const reason = state.phase === 'waitingHello'
      ? `no HELLO within ${timing.deadMs} ms of opening the port`
      : `no frame from the panel for ${timing.deadMs} ms`;
    return { state: { ...state, phase: 'closed', hello: null, unackedLeds: [] }, effects: [{ type: 'dead', reason }] };
  }
  if (state.phase !== 'up') return { state, effects: [] };
  const effects: LinkEffect[] = [];
  let s = state;
  if (now - s.lastHeartbeatAt >= timing.heartbeatMs) {
    const seq = nextSeq(s.hostSeq);
    s = { ...s, hostSeq: seq, lastHeartbeatAt: now };
    effects.push({ type: 'send', frame: { type: 'HB', seq } });
  }
  if (s.unackedLeds.some((l) => now - l.sentAt >= timing.ledRetryMs)) {
    const kept: UnackedLed[] = [];
    for (const led of s.unackedLeds) {
      if (now - led.sentAt < timing.ledRetryMs) kept.push(led);
      else if (led.sends < timing.ledMaxSends) {
        kept.push({ ...led, sentAt: now, sends: led.sends + 1 });
        effects.push({ type: 'send', frame: { type: 'LED', seq: led.seq, target: led.target, mode: led.mode } });
      } else effects.push({ type: 'ledFailed', target: led.target, mode: led.mode });
    }
    s = { ...s, unackedLeds: kept };
  }
  let expired = false;
  for (const entry of s.seen.values()) if (now - entry.at >= timing.duplicateWindowMs) expired = true;
  if (expired) {
    const seen = new Map([...s.seen].filter(([, e]) => now - e.at < timing.duplicateWindowMs));
    s = { ...s, seen };
  }
  return { state: s, effects };
}

function onSetLed(state: LinkState, target: LedTarget, mode: LedMode, now: number): LinkStep {
  const s: LinkState = { ...state, leds: { ...state.leds, [target]: mode } };
  // Not up: the state is kept and goes out after the next HELLO.
  if (s.phase !== 'up') return { state: s, effects: [] };
  return sendLed(s, target, mode, now);
}

function sendLed(state: LinkState, target: LedTarget, mode: LedMode, now: number): LinkStep {
  const seq = nextSeq(state.hostSeq);
  // A newer command for the same LED supersedes one still waiting for its ACK.
  const unackedLeds = state.unackedLeds.filter((l) => l.target !== target);
  unackedLeds.push({ seq, target, mode, sentAt: now, sends: 1 });
  return {
    state: { ...state, hostSeq: seq, unackedLeds },
    effects: [{ type: 'send', frame: { type: 'LED', seq, target, mode } }],
  };
}
