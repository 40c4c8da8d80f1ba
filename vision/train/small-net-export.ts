// A fitted tfjs network as small-net.ts runs it: its layers' shapes and its weights in the weights
// file's order (each layer's kernel, then its bias). The trainers build only 3 × 3 convolutions
// at stride 2 and dense layers, which is what this reads back.
import type * as tfType from '@tensorflow/tfjs';
import { LayerSchema, type LayerSpec } from '../small-net.ts';

export function exportSmallNet(net: tfType.LayersModel): { layers: LayerSpec[]; weights: Float32Array } {
  const layers: LayerSpec[] = [], parts: Float32Array[] = [];
  for (const layer of net.layers) {
    const [kernel, bias] = layer.getWeights();
    if (kernel === undefined || bias === undefined) continue;
    const config = layer.getConfig() as { filters?: number; units?: number; activation: string };
    layers.push(LayerSchema.parse(layer.getClassName() === 'Conv2D' ? { kind: 'conv', filters: config.filters, size: 3, stride: 2 } : { kind: 'dense', units: config.units, activation: config.activation }));
    parts.push(Float32Array.from(kernel.dataSync()), Float32Array.from(bias.dataSync()));
  }
  const weights = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (weights.set(p, at), at + p.length), 0);
  return { layers, weights };
}
