// What the web server and the seat panels need of the companion's vision, built over the parts
// that load in the background (the classifier is the slow part): the decks, the teaching
// session, the frames the camera saw, and a PALETTE press claimed for teaching.
import type { DeckDesk } from '../../web/server/decks.ts';
import { DeskError, type SeenDesk, type TeachDesk } from '../../web/server/teach.ts';
import { DeckError } from '../../vision/deck/store.ts';
import { DeckTeacher } from '../../vision/deck/teacher.ts';
import type { PanelKeyEvent } from '../hardware/panel/index.ts';
import type { VisionParts } from './vision.ts';

export interface VisionDesks {
  decks: DeckDesk;
  teach: TeachDesk;
  seen: SeenDesk;
  /** True when a press was taken for teaching (a PALETTE while a deck is being taught) rather than for play. */
  claimKey(event: PanelKeyEvent): Promise<boolean>;
}

const NO_CLASSIFIER = 'no card classifier is installed on this companion, so it has no decks';

/** The desks over `visionReady`; each waits for the classifier like the reads do. */
export function visionDesks(visionReady: Promise<VisionParts>, dataDir: string): VisionDesks {
  const teacherReady = visionReady.then((v) => (v.decks === undefined ? undefined
    : new DeckTeacher(v.decks, dataDir, v.camera === undefined ? undefined : () => v.camera!.capture())));
  // A companion that failed to start its camera fails as a whole; this promise must not also go unhandled.
  teacherReady.catch(() => undefined);
  const book = async () => {
    const { decks } = await visionReady;
    if (decks === undefined) throw new DeskError(NO_CLASSIFIER, 503);
    return decks;
  };
  // A deck refused for a person's mistake (a bad name, an unknown card) is the desk's 400, with its words.
  const refused = async <T>(act: () => Promise<T>): Promise<T> => {
    try {
      return await act();
    } catch (err) {
      if (err instanceof DeckError) throw new DeskError(err.message, 400);
      throw err;
    }
  };
  const teacher = async () => {
    const t = await teacherReady;
    if (t === undefined) throw new DeskError(NO_CLASSIFIER, 503);
    return t;
  };
  return {
    decks: {
      state: async () => (await visionReady).decks?.state() ?? { decks: [], problem: 'no card classifier is installed on this companion' },
      activate: async (id) => (await book()).activate(id),
      rename: async (id, name) => (await book()).rename(id, name),
      remove: async (id) => (await book()).remove(id),
    },
    teach: {
      state: async () => refused(async () => (await teacher()).state()),
      start: async (name) => refused(async () => (await teacher()).start(name)),
      ask: async (card) => refused(async () => (await teacher()).ask(card)),
      capture: async () => refused(async () => (await teacher()).captureFromCamera()),
      upload: async (bytes) => refused(async () => (await teacher()).upload(bytes)),
      photo: async () => refused(async () => (await teacher()).lastPhoto()),
      finish: async () => refused(async () => (await teacher()).finish()),
      discard: async () => refused(async () => (await teacher()).discard()),
    },
    seen: {
      list: async (after) => (await visionReady).seen?.list(after) ?? [],
      bytes: async (id) => (await visionReady).seen?.bytes(id) ?? null,
    },
    async claimKey(event) {
      if (event.key !== 'palette' || event.press !== 'short') return false;
      const t = await teacherReady;
      if (t === undefined || !t.teaching) return false;
      // A refused capture (no camera, no card) shows on the dashboard's teaching screen, not as a play.
      await t.captureFromCamera().catch(() => undefined);
      return true;
    },
  };
}
