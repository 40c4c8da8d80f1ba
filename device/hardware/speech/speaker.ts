// The speech part's interface, and its fake side: a speaker that only remembers what it was asked to say.
import { checkUtterance, type Utterance, type UtteranceError } from './utterance.ts';

/** The answer to a speak request; speaking itself happens later. */
export type SpeakResult =
  | { ok: true; queued: number }
  | { ok: false; code: UtteranceError['code'] | 'speech/unavailable' | 'speech/stopped'; message: string };

/** Speaks announcements one after another without ever making the caller wait. */
export interface Speaker {
  /** Whether speech actually comes out; false also before start(). */
  readonly available: boolean;
  /** Looks for the speech engine; never throws. */
  start(): Promise<boolean>;
  /** Stops speaking and forgets the queue. */
  stop(): Promise<void>;
  /** Queues a text; returns at once. */
  speak(text: string, language: string): SpeakResult;
  /** Resolves when the queue is empty and nothing is being said. */
  idle(): Promise<void>;
}

/** A speaker for tests and for machines where the browser speaks: records each utterance. */
export class RecordingSpeaker implements Speaker {
  readonly spoken: Utterance[] = [];
  private started = false;

  get available(): boolean {
    return this.started;
  }

  async start(): Promise<boolean> {
    this.started = true;
    return true;
  }

  async stop(): Promise<void> {
    this.started = false;
  }

  speak(text: string, language: string): SpeakResult {
    const checked = checkUtterance(text, language);
    if (!checked.ok) return { ok: false, code: checked.code, message: checked.message };
    if (!this.started) return { ok: false, code: 'speech/stopped', message: 'the speaker is not started' };
    this.spoken.push(checked.utterance);
    return { ok: true, queued: 0 };
  }

  async idle(): Promise<void> {}
}
