// One queue for every input: items are handed to the runner strictly in arrival order, and the
// items that arrived while a batch was running form the next batch (so they can share a commit).

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class BatchQueue<T, R> {
  private readonly waiting: Array<Waiting<T, R>> = [];
  private draining: Promise<void> | null = null;

  /** `run` gets each batch in order and answers one result per item, in the same order. */
  constructor(private readonly run: (items: T[]) => Promise<R[]>, private readonly maxBatch = 256) {}

  /** Queues an item; resolves with its result once its batch is done. */
  push(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.draining !== null) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.run(batch.map((w) => w.item));
          batch.forEach((w, i) => w.resolve(results[i]!));
        } catch (e) {
          for (const w of batch) w.reject(e);
        }
      }
    } finally {
      this.draining = null;
    }
  }
}
