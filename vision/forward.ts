// A trained model run as plain tfjs ops, layer by layer, with the same kernels and in the same
// order as LayersModel.predict, so the numbers are the same to the bit. predict adds a graph walk,
// its checks and a tidy per layer to every frame; a frame is read with this instead.
import type * as tfType from '@tensorflow/tfjs';

type Tensor = tfType.Tensor;

/** The model's outputs for its inputs, in the model's order. */
export type Forward = (inputs: readonly Tensor[]) => Tensor[];

interface LayerConfig {
  activation?: string;
  strides?: [number, number];
  padding?: 'same' | 'valid';
  dataFormat?: string;
  dilationRate?: number | [number, number];
  useBias?: boolean;
}

/** One layer as ops on its input tensors, or null for a layer this does not know (the caller uses predict). */
function layerOp(tf: typeof tfType, layer: tfType.layers.Layer): ((xs: Tensor[]) => Tensor) | null {
  const cls = layer.getClassName();
  const config = layer.getConfig() as LayerConfig;
  const weights = layer.weights.map((w) => w.read());
  const [kernel, bias] = weights;
  const activation = config.activation ?? 'linear';
  if ((cls === 'Conv2D' || cls === 'Dense') && (kernel === undefined || bias === undefined || config.useBias === false)) return null;
  if (cls === 'Conv2D') {
    const dilated = Array.isArray(config.dilationRate) ? config.dilationRate.some((d) => d !== 1) : (config.dilationRate ?? 1) !== 1;
    if ((activation !== 'relu' && activation !== 'linear') || config.dataFormat !== 'channelsLast' || dilated) return null;
    return ([x]) => tf.fused.conv2d({ x: x as tfType.Tensor4D, filter: kernel as tfType.Tensor4D, strides: config.strides ?? [1, 1], pad: config.padding ?? 'valid', dilations: [1, 1], dataFormat: 'NHWC', bias, activation });
  }
  if (cls === 'Dense') {
    if (activation === 'relu' || activation === 'linear') {
      return ([x]) => tf.fused.matMul({ a: x as tfType.Tensor2D, b: kernel as tfType.Tensor2D, bias, activation });
    }
    // What predict does for an activation the kernel cannot fuse: the product, the bias, then the activation.
    const after = activation === 'softmax' ? (t: Tensor) => tf.softmax(t, -1) : activation === 'sigmoid' ? (t: Tensor) => tf.sigmoid(t) : null;
    if (after === null) return null;
    return ([x]) => after(tf.add(tf.fused.matMul({ a: x as tfType.Tensor2D, b: kernel as tfType.Tensor2D }), tf.reshape(bias!, [1, bias!.shape[0]!])));
  }
  if (cls === 'Flatten') return ([x]) => tf.reshape(x!, [x!.shape[0]!, -1]);
  if (cls === 'Concatenate') return (xs) => tf.concat(xs, -1);
  if (cls === 'Average') return (xs) => tf.mul(1 / xs.length, xs.slice(1).reduce((sum, x) => tf.add(sum, x), xs[0]!.clone()));
  return null;
}

/**
 * The model as a function of its inputs, or null when it holds a layer this does not run (a
 * layer of another kind, a shared layer, an activation without its own op here).
 */
export function compileForward(tf: typeof tfType, model: tfType.LayersModel): Forward | null {
  const steps: Array<{ name: string; from: string[]; op: (xs: Tensor[]) => Tensor }> = [];
  const inputNames = model.inputs.map((t) => t.sourceLayer.name);
  const known = new Set(inputNames);
  for (const layer of model.layers) {
    if (inputNames.includes(layer.name)) continue;
    const nodes = (layer as unknown as { inboundNodes: Array<{ inboundLayers: tfType.layers.Layer[] }> }).inboundNodes;
    if (nodes.length !== 1) return null;
    const from = nodes[0]!.inboundLayers.map((l) => l.name);
    const op = layerOp(tf, layer);
    // Each layer's inputs must be worked out before it (predict's order, by depth).
    if (op === null || !from.every((name) => known.has(name))) return null;
    steps.push({ name: layer.name, from, op });
    known.add(layer.name);
  }
  const outputNames = model.outputs.map((t) => t.sourceLayer.name);
  if (!outputNames.every((name) => known.has(name))) return null;
  return (inputs) => {
    if (inputs.length !== inputNames.length) throw new Error(`the model reads ${inputNames.length} inputs, not ${inputs.length}`);
    const values = new Map<string, Tensor>(inputNames.map((name, i) => [name, inputs[i]!]));
    for (const step of steps) values.set(step.name, step.op(step.from.map((name) => values.get(name)!)));
    return outputNames.map((name) => values.get(name)!);
  };
}
