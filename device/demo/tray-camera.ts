// The demo's camera: a scan tray on which the demo lays one card at a time. Each card is drawn
// by the vision renderer and photographed on a random table (the same seeded scenes the
// classifier is tested on), so the demo really reads every card it plays.
import type { CameraSource } from '../hardware/camera/index.ts';
import { CameraError } from '../hardware/camera/index.ts';
import { parseCard } from '../rules/index.ts';

/** A tray the demo lays rendered card photos on. */
export class TrayCamera implements CameraSource {
  readonly describe = 'demo scan tray (rendered card photos)';
  private photo: Buffer | null = null;
  private laid = 0;

  constructor(private readonly seed: number) {}

  async start(): Promise<void> {}

  async stop(): Promise<void> {
    this.photo = null;
  }

  /** Lays a card on the tray: renders it in a random style and photographs it, 1280×960. */
  async lay(card: string): Promise<Buffer> {
    const [{ makeRng, mixSeed }, { renderCard }, { randomStyle }, { photograph }] = await Promise.all([
      import('../../vision/random.ts'), import('../../vision/render/rasterise.ts'),
      import('../../vision/render/style.ts'), import('../../vision/augment/scene.ts'),
    ]);
    const c = parseCard(card);
    const rng = makeRng(mixSeed(this.seed, ++this.laid));
    const face = await renderCard(c, randomStyle(c, rng), 200);
    this.photo = (await photograph([face], rng, { width: 1280, height: 960 })).jpeg;
    return this.photo;
  }

  async capture(): Promise<Buffer> {
    if (this.photo === null) throw new CameraError('capture-failed', 'the tray is empty: lay a card first');
    return this.photo;
  }
}
