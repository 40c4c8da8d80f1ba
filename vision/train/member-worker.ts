// Worker thread: trains one ensemble member on the shared feature rows and posts its weights.
import * as tf from '@tensorflow/tfjs';
import { parentPort, workerData } from 'node:worker_threads';
import { FEATURE_LENGTH } from '../features.ts';
import { buildNet, layerWeights, memberPrefix, type LayerWeights } from '../net.ts';
import { installFastCpuKernels } from './cpu-kernels.ts';
import { fitNet } from './fit.ts';
import type { WorkerMessage } from './workers.ts';

export interface MemberJob {
  member: number;
  seed: number;
  epochs: number;
  batchSize: number;
  x: Float32Array;
  card: Int32Array;
  count: number;
}

const job = workerData as MemberJob;
const post = (m: WorkerMessage<LayerWeights[]>, transfer: ArrayBuffer[] = []): void => parentPort!.postMessage(m, transfer);
await tf.setBackend('cpu');
tf.enableProdMode();
installFastCpuKernels(tf);
const model = buildNet(tf, FEATURE_LENGTH, job.seed, memberPrefix(job.member));
await fitNet(tf, model, job, { seed: job.seed, epochs: job.epochs, batchSize: job.batchSize, log: (line) => post({ kind: 'log', line: `member ${job.member}: ${line}` }) });
const weights = layerWeights(model);
post({ kind: 'done', result: weights }, weights.flatMap((l) => l.weights.map((w) => w.data.buffer as ArrayBuffer)));
