// A folder of photos standing in for a camera (a computer without one, demos, tests): each
// capture returns the next image in name order and wraps around at the end. The folder is
// listed at start(), so photos added later need a restart.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CameraError, looksLikeImage, type CameraSource } from './types.ts';

const IMAGE = /\.(jpe?g|png)$/i;

/** A CameraSource that cycles through the images of a folder. */
export class FolderCamera implements CameraSource {
  readonly describe: string;
  private files: string[] | null = null;
  private next = 0;

  constructor(private readonly folder: string) {
    this.describe = `folder of images ${folder}`;
  }

  /** Lists the folder's .jpg/.jpeg/.png files in name order. */
  async start(): Promise<void> {
    let names: string[];
    try {
      if (!(await stat(this.folder)).isDirectory()) throw new Error('not a folder');
      // Only files (or links to them): a sub-folder called "x.jpg" is not a photo.
      const entries = await readdir(this.folder, { withFileTypes: true });
      names = entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name);
    } catch (err) {
      throw new CameraError('no-device', `camera folder ${this.folder} cannot be read: ${(err as Error).message}`);
    }
    const files = names.filter((n) => IMAGE.test(n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (files.length === 0) throw new CameraError('no-images', `camera folder ${this.folder} holds no .jpg, .jpeg or .png files`);
    this.files = files;
    this.next = 0;
  }

  /** Forgets the listing. */
  async stop(): Promise<void> {
    this.files = null;
  }

  /** The next image's bytes. */
  async capture(): Promise<Buffer> {
    if (this.files === null) throw new CameraError('not-started', `${this.describe}: call start() first`);
    const name = this.files[this.next % this.files.length]!;
    this.next = (this.next + 1) % this.files.length;
    let bytes: Buffer;
    try {
      bytes = await readFile(join(this.folder, name));
    } catch (err) {
      throw new CameraError('capture-failed', `cannot read ${join(this.folder, name)}: ${(err as Error).message}`);
    }
    if (!looksLikeImage(bytes)) throw new CameraError('not-an-image', `${join(this.folder, name)} is not a JPEG or PNG file`);
    return bytes;
  }
}
