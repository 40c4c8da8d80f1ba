// The camera and the card classifier, chosen from the config by the composition root (parts.ts). Either may be missing: then the
// dashboard's manual entry (and photo upload, with a classifier) stands in, and the summary says so.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { CameraError, FolderCamera, PiCamera, UsbCamera, type CameraSource } from '../hardware/camera/index.ts';
import type { Classify, FrameSource } from '../table-inputs/card-reader.ts';
import type { CardClassifier } from '../../vision/classifier.ts';
import { DeckBook } from '../../vision/deck/book.ts';
import { DeckStore } from '../../vision/deck/store.ts';
import { SeenFrames } from '../../vision/seen.ts';

export interface VisionParts {
  camera?: FrameSource;
  classify?: Classify;
  /** The decks taught to the companion, when a classifier loaded. */
  decks?: DeckBook;
  /** The last frames read, for the scan strip. */
  seen?: SeenFrames;
  cameraLine: string;
  classifierLine: string;
  stop(): Promise<void>;
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Starts a camera source, or says why it could not. */
async function tryCamera(camera: CameraSource): Promise<{ camera: CameraSource } | { error: string }> {
  try {
    await camera.start();
    return { camera };
  } catch (err) {
    return { error: why(err) };
  }
}

/** The configured camera; "auto" tries the Pi camera, then a USB camera, and settles for none. */
async function chooseCamera(config: Config): Promise<{ camera?: CameraSource; line: string }> {
  const none = 'none: cards are entered on the dashboard or uploaded as photos';
  switch (config.camera) {
    case 'none':
      return { line: `${none} (RED7_CAMERA=none)` };
    case 'folder': {
      if (config.cameraFolder === undefined) throw new CameraError('no-images', 'RED7_CAMERA=folder needs RED7_CAMERA_FOLDER, the folder of card photos');
      const r = await tryCamera(new FolderCamera(config.cameraFolder));
      if ('error' in r) throw new Error(r.error);
      return { camera: r.camera, line: r.camera.describe };
    }
    case 'rpicam':
    case 'v4l2': {
      const source = config.camera === 'rpicam' ? new PiCamera({ awbGains: config.awbGains }) : new UsbCamera({ device: config.cameraDevice });
      const r = await tryCamera(source);
      if ('error' in r) throw new Error(r.error);
      return { camera: r.camera, line: r.camera.describe };
    }
    case 'auto': {
      const pi = await tryCamera(new PiCamera({ awbGains: config.awbGains }));
      if ('camera' in pi) return { camera: pi.camera, line: pi.camera.describe };
      const usb = await tryCamera(new UsbCamera({ device: config.cameraDevice }));
      if ('camera' in usb) return { camera: usb.camera, line: usb.camera.describe };
      return { line: `${none} (Pi camera: ${pi.error}; USB camera: ${usb.error})` };
    }
  }
}

/** Starts the camera (or takes the caller's) and loads the classifier (through the composition root) and the data folder's decks. */
export async function startVision(config: Config, logger: Logger, given: CameraSource | undefined, loadClassifier: () => Promise<CardClassifier>, dataDir: string): Promise<VisionParts> {
  let classify: Classify | undefined;
  let decks: DeckBook | undefined;
  let seen: SeenFrames | undefined;
  let classifierLine: string;
  try {
    const classifier = await loadClassifier();
    // Every read goes through the deck book, so the active deck (if any) reads every frame.
    const book = new DeckBook(classifier, new DeckStore(dataDir), logger.child({ part: 'vision' }));
    await book.load();
    decks = book;
    const frames = seen = new SeenFrames();
    classify = async (image, options) => {
      const examined = await book.examine(image, options);
      if (options.source !== 'private') frames.note(image, examined, options.source ?? 'tray', book.deckName);
      return examined.classification;
    };
    const { accuracy, version } = classifier.metadata;
    const deckWords = book.deckName !== null ? `; deck "${book.deckName}"` : book.problem !== null ? `; deck not used: ${book.problem}` : '; no deck taught';
    classifierLine = `${classifier.backend} backend, model ${version} (${((100 * accuracy.correct) / Math.max(1, accuracy.photos)).toFixed(1)} % of ${accuracy.photos} validation photos read right, ${accuracy.confidentErrors} wrongly)${deckWords}`;
  } catch (err) {
    classifierLine = `unavailable: ${why(err)} — cards are entered on the dashboard`;
    logger.warn({ part: 'vision' }, classifierLine);
  }
  const chosen = given ? { camera: given, line: given.describe } : await chooseCamera(config);
  if (given) await given.start();
  return {
    camera: chosen.camera,
    classify,
    decks,
    seen,
    cameraLine: chosen.line,
    classifierLine,
    stop: async () => chosen.camera?.stop(),
  };
}
