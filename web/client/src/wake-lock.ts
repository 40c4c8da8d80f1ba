// Keeps the tablet's screen on while a game is being played, where the browser allows it
// (the Screen Wake Lock API needs a secure context; on plain http it is simply unavailable).
interface Sentinel { release(): Promise<void>; released?: boolean }
interface WakeLockApi { request(type: 'screen'): Promise<Sentinel> }

let sentinel: Sentinel | null = null;
let wanted = false;

async function acquire(): Promise<void> {
  const api = (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock;
  if (api === undefined || !wanted || document.visibilityState !== 'visible') return;
  if (sentinel !== null && sentinel.released !== true) return;
  try {
    sentinel = await api.request('screen');
  } catch {
    sentinel = null; // refused (battery saver, no user gesture yet): the screen may sleep
  }
}

/** Asks for the screen to stay awake (true) or lets it sleep (false). */
export function keepAwake(on: boolean): void {
  wanted = on;
  if (on) void acquire();
  else if (sentinel !== null) {
    void sentinel.release().catch(() => undefined);
    sentinel = null;
  }
}

// The lock is dropped whenever the page is hidden; take it again when it comes back.
if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => void acquire());
