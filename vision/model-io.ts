// Saving and loading the model as model.json + weights.bin + metadata.json with plain fs,
// because tfjs' file:// handlers live in tfjs-node, which is optional.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as tfType from '@tensorflow/tfjs';
import { MetadataSchema, type Metadata } from './metadata.ts';

/** Writes a layers model and its metadata into a folder. */
export async function saveModel(tf: typeof tfType, model: tfType.LayersModel, dir: string, metadata: Metadata): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await model.save(tf.io.withSaveHandler(async (artifacts) => {
    const weightData = artifacts.weightData as ArrayBuffer;
    writeFileSync(join(dir, 'weights.bin'), Buffer.from(weightData));
    const json = {
      format: 'layers-model',
      generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
      convertedBy: null,
      modelTopology: artifacts.modelTopology,
      weightsManifest: [{ paths: ['weights.bin'], weights: artifacts.weightSpecs }],
    };
    writeFileSync(join(dir, 'model.json'), `${JSON.stringify(json)}\n`);
    return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
  }));
  writeFileSync(join(dir, 'metadata.json'), `${JSON.stringify(metadata, null, 2)}\n`);
}

/** Reads and validates metadata.json of a model folder. */
export function readMetadata(dir: string): Metadata {
  const parsed = MetadataSchema.safeParse(JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')));
  if (!parsed.success) throw new Error(`${join(dir, 'metadata.json')} is not valid model metadata: ${parsed.error.message}`);
  return parsed.data;
}

/** Loads a model folder written by saveModel. */
export async function loadModel(tf: typeof tfType, dir: string): Promise<{ model: tfType.LayersModel; metadata: Metadata }> {
  const metadata = readMetadata(dir);
  return { model: await loadNetwork(tf, dir), metadata };
}

/** The network of a model folder alone, whatever its metadata says (for setting its threshold again). */
export async function loadNetwork(tf: typeof tfType, dir: string): Promise<tfType.LayersModel> {
  const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as {
    modelTopology: object;
    weightsManifest: Array<{ paths: string[]; weights: tfType.io.WeightsManifestEntry[] }>;
  };
  const manifest = json.weightsManifest[0]!;
  const bin = readFileSync(join(dir, manifest.paths[0]!));
  const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
  return tf.loadLayersModel(tf.io.fromMemory({ modelTopology: json.modelTopology, weightSpecs: manifest.weights, weightData }));
}
