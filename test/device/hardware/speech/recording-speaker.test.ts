import { describe, expect, it } from 'vitest';
import { RecordingSpeaker } from '../../../../device/hardware/speech/speaker.ts';

describe('RecordingSpeaker', () => {
  it('remembers each cleaned utterance once started', async () => {
    const speaker = new RecordingSpeaker();
    expect(speaker.speak('early', 'en')).toMatchObject({ ok: false, code: 'speech/stopped' });
    await speaker.start();
    expect(speaker.speak('Ann  leads\n', 'en')).toEqual({ ok: true, queued: 0 });
    expect(speaker.speak('Ann', 'xx')).toMatchObject({ ok: false, code: 'speech/bad-language' });
    expect(speaker.spoken).toEqual([{ text: 'Ann leads', language: 'en' }]);
  });
});
