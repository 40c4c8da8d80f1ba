// The camera and the card classifier, chosen from the config. (Being wired to vision/: the
// classifier and camera sources land with the vision work.)
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Classify, FrameSource } from './scanner.ts';

export interface VisionParts {
  camera?: FrameSource;
  classify?: Classify;
  cameraLine: string;
  classifierLine: string;
  stop(): Promise<void>;
}

/** Starts the camera and loads the classifier. */
export async function startVision(_config: Config, _logger: Logger, camera?: FrameSource & { describe: string }): Promise<VisionParts> {
  return {
    camera,
    cameraLine: camera?.describe ?? 'none: enter cards on the dashboard or upload a photo',
    classifierLine: 'none',
    stop: async () => {},
  };
}
