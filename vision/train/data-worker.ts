// Worker process: renders and reads one slice of a photo stream (see parallel.ts).
import { facePoolFor, makeFeatureRows, type PhotoSource, type PhotoStream, type PoolSpec } from './data.ts';
import { serveProcessJob } from './workers.ts';

export interface SliceJob {
  spec: PoolSpec;
  photos: PhotoStream;
  first: number;
  end: number;
}

export interface SliceResult {
  x: Float32Array;
  card: Int32Array;
  count: number;
  locatorMisses: number;
  sources: PhotoSource[];
}

serveProcessJob<SliceJob, SliceResult>(async (job, log) => {
  const set = await makeFeatureRows(await facePoolFor(job.spec), job.photos, job.first, job.end, (done) => {
    if (done % 1000 === 0) log(`photos ${job.first}–${job.end - 1}: ${done} done`);
  });
  // Only the rows cross back, not the oversized buffers they were written into.
  return { x: set.x.slice(), card: set.card.slice(), count: set.count, locatorMisses: set.locatorMisses, sources: set.sources };
});
