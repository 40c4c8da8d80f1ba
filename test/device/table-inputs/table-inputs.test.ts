import { describe, expect, it } from 'vitest';
import type { PanelKeyEvent } from '../../../device/hardware/panel/key-event.ts';
import type { RefereeUpdate } from '../../../device/referee/types.ts';
import { createCardReader, type FrameSource } from '../../../device/table-inputs/card-reader.ts';
import { TableInputs } from '../../../device/table-inputs/table-inputs.ts';
import { MemoryJournal } from '../../../device/referee/memory-journal.ts';
import { OPENING, startedReferee as refereeOn, submitAll } from '../referee/helpers.ts';
import { countingCamera, scriptedClassifier, sure, unsure } from './helpers.ts';

/** A referee over an in-memory journal: these tests need no data folder. */
const startedReferee = () => refereeOn({ storage: new MemoryJournal() });

const press = (seat: PanelKeyEvent['seat'], key: PanelKeyEvent['key']): PanelKeyEvent => ({ seat, key, press: 'short', seq: 1, at: 0 });

/** A started referee behind the table-inputs layer, with a counting camera and a scripted classifier. */
async function table(reads: Parameters<typeof scriptedClassifier>[0], options: { actions?: boolean; camera?: FrameSource | null } = {}) {
  const referee = await startedReferee();
  const camera = countingCamera();
  const classify = scriptedClassifier(reads);
  const inputs = new TableInputs({ referee, reader: createCardReader(() => ({ ...(options.camera === null ? {} : { camera: options.camera ?? camera }), classify })) });
  await submitAll(referee, [{ ...OPENING[0], actions: options.actions ?? false }, ...OPENING.slice(1)]);
  const heard: RefereeUpdate[] = [];
  referee.subscribe((u) => heard.push(u));
  return { referee, inputs, camera, classify, heard };
}

describe('a key press that needs the card on the tray', () => {
  it('takes one capture per press, rules out the visible cards, and plays what it reads', async () => {
    const { inputs, camera, classify } = await table([sure('O5')]);
    const outcome = await inputs.press(press(0, 'palette'));
    expect(outcome).toMatchObject({ kind: 'submitted', command: { type: 'play', seat: 0, to: 'palette', card: 'O5' }, result: { ok: true } });
    expect(camera.captures).toBe(1);
    expect(new Set(classify.excluded[0])).toEqual(new Set(['R3', 'B4', 'G6']));
  });

  it('asks the table for a rescan after an unsure read, with one capture and no second read behind the player’s back', async () => {
    const { referee, inputs, camera, heard } = await table([unsure([{ card: 'B5', p: 0.41 }, { card: 'I5', p: 0.38 }])]);
    const outcome = await inputs.press(press(0, 'canvas'));
    expect(outcome).toMatchObject({ kind: 'rescan', seat: 0, result: { ok: false, error: { code: 'scan/rescan' } } });
    expect(camera.captures).toBe(1);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.events).toEqual([{ type: 'rescanNeeded', seat: 0, alternatives: [{ card: 'B5', p: 0.41 }, { card: 'I5', p: 0.38 }] }]);
    expect(heard[0]!.announcements).toEqual(["Ann's card could not be read: scan it again or pick it by hand."]);
    expect(referee.publicView().warning).toMatchObject({ code: 'scan/rescan', seat: 0 });
    expect(referee.publicView().seq).toBe(4);
  });

  it('keeps CANVAS a discard of a palette card while a 7’s action is owed, through an unsure read and the rescan', async () => {
    const { referee, inputs, camera, classify } = await table([unsure([{ card: 'R3', p: 0.5 }]), sure('R3')], { actions: true });
    await submitAll(referee, [{ type: 'play', seat: 0, to: 'palette', card: 'G7' }]);
    expect(referee.publicView().pending).toEqual({ action: 7 });
    const first = await inputs.press(press(0, 'canvas'));
    expect(first).toMatchObject({ kind: 'rescan', seat: 0 });
    const again = await inputs.press(press(0, 'canvas'));
    expect(again).toMatchObject({ kind: 'submitted', command: { type: 'discard', seat: 0, card: 'R3', to: 'canvas' }, result: { ok: true } });
    expect(referee.publicView().canvas).toEqual(['R3']);
    expect(camera.captures).toBe(2);
    // Both reads left the player's own palette possible, the card on the tray among it.
    for (const excluded of classify.excluded) {
      expect(excluded).toHaveLength(47);
      expect(excluded).not.toContain('R3');
    }
  });

  it('answers another seat’s key without a capture', async () => {
    const { inputs, camera } = await table([]);
    expect(await inputs.press(press(2, 'palette'))).toEqual({ kind: 'notYourTurn', seat: 2, active: 0 });
    expect(camera.captures).toBe(0);
  });

  it('reads the scan button as the active seat’s PALETTE', async () => {
    const { inputs, camera } = await table([sure('O5')]);
    expect(await inputs.scanButton()).toMatchObject({ kind: 'submitted', command: { type: 'play', seat: 0, to: 'palette', card: 'O5', source: 'scan-button' } });
    expect(camera.captures).toBe(1);
  });
});

describe('a play sent from the dashboard without its card', () => {
  it('is read from the tray with the visible cards ruled out, and journaled with the card, so a replay needs no camera', async () => {
    const { referee, inputs, classify } = await table([sure('O5')]);
    const r = await inputs.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(r.ok && r.view.players[0]!.palette).toEqual(['R3', 'O5']);
    expect(classify.excluded[0]).toHaveLength(3);
    expect(referee.exportGame(1)!.commands[4]!.command).toEqual({ type: 'play', seat: 0, to: 'palette', card: 'O5' });
  });

  it('is refused with scan/unavailable when there is no camera', async () => {
    const { inputs } = await table([], { camera: null });
    const r = await inputs.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(!r.ok && r.error.code).toBe('scan/unavailable');
  });

  it('is refused with scan/rescan, naming why, when the camera gives no frame', async () => {
    const broken = { capture: async (): Promise<Buffer> => { throw new Error('camera unplugged'); } };
    const { inputs } = await table([], { camera: broken });
    const r = await inputs.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(r).toEqual({ ok: false, error: { code: 'scan/rescan', message: expect.stringContaining('camera unplugged') } });
  });

  it('is not read when out of turn: the rules refuse it first, and the table hears of it', async () => {
    const { inputs, camera, heard } = await table([sure('O5')]);
    const r = await inputs.submit({ type: 'play', seat: 2, to: 'palette' });
    expect(!r.ok && r.error.code).toBe('turn/not-your-turn');
    expect(camera.captures).toBe(0);
    expect(heard.at(-1)!.events[0]).toMatchObject({ type: 'illegalPlay', seat: 2 });
  });

  it('is not read again on a retry of the same id: the first answer stands', async () => {
    const { inputs, camera } = await table([sure('O5')]);
    const first = await inputs.submit({ type: 'play', seat: 0, to: 'palette', source: 'tablet', id: 'a1' });
    const retry = await inputs.submit({ type: 'play', seat: 0, to: 'palette', source: 'tablet', id: 'a1' });
    expect(retry).toEqual(first);
    expect(camera.captures).toBe(1);
  });

  it('keeps its place in line: a command sent during a slow read waits for it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { capture: async () => { await gate; return Buffer.from('frame'); } };
    const { inputs } = await table([sure('O5')], { camera: slow });
    const play = inputs.submit({ type: 'play', seat: 0, to: 'palette' });
    const end = inputs.submit({ type: 'endTurn', seat: 0 });
    release();
    const [p, e] = await Promise.all([play, end]);
    expect(p.ok && p.seq).toBe(5);
    expect(e.ok && e.seq).toBe(6);
  });
});

describe('a deal sent without its card', () => {
  it('reads the seat’s starting card, ruling out the cards already dealt, and journals it', async () => {
    const referee = await startedReferee();
    const classify = scriptedClassifier([sure('B4')]);
    const inputs = new TableInputs({ referee, reader: createCardReader(() => ({ camera: countingCamera(), classify })) });
    await submitAll(referee, OPENING.slice(0, 2));
    const r = await inputs.submit({ type: 'deal', seat: 1 });
    expect(r.ok && r.view.players[1]!.palette).toEqual(['B4']);
    expect(classify.excluded).toEqual([['R3']]);
    expect(referee.exportGame(1)!.commands[2]!.command).toEqual({ type: 'deal', seat: 1, card: 'B4' });
  });

  it('is not read for a seat that already has its starting card', async () => {
    const referee = await startedReferee();
    const camera = countingCamera();
    const inputs = new TableInputs({ referee, reader: createCardReader(() => ({ camera, classify: scriptedClassifier([]) })) });
    await submitAll(referee, OPENING.slice(0, 2));
    const r = await inputs.submit({ type: 'deal', seat: 0 });
    expect(r.ok || r.error.code).toBe('deal/already-dealt');
    expect(camera.captures).toBe(0);
  });
});

describe('the referee on its own', () => {
  it('reads no cards: a play without its card is refused with scan/unavailable, state unchanged', async () => {
    const referee = await startedReferee();
    await submitAll(referee, OPENING);
    const r = await referee.submit({ type: 'play', seat: 0, to: 'palette' });
    expect(!r.ok && r.error.code).toBe('scan/unavailable');
    expect(referee.publicView().seq).toBe(4);
  });
});
