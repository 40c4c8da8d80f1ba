import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { CHROMA_AT, CHROMA_CHANNELS, CHROMA_H, CHROMA_W, CROP_H, CROP_W, FEATURE_LENGTH, HAND_LENGTH, IMAGE_CHANNELS } from '../../vision/features.ts';
import { buildEnsemble, buildNet, layerWeights, memberPrefix, netInputs } from '../../vision/net.ts';

describe('the network', () => {
  it('splits feature rows into the hand-made numbers, the three-channel image and the chroma image', async () => {
    await tf.setBackend('cpu');
    const rows = Float32Array.from({ length: 2 * FEATURE_LENGTH }, (_, i) => i);
    const [hand, image, chroma] = netInputs(tf, rows, 2);
    expect(hand.shape).toEqual([2, HAND_LENGTH]);
    expect(image.shape).toEqual([2, CROP_H, CROP_W, IMAGE_CHANNELS]);
    expect(chroma.shape).toEqual([2, CHROMA_H, CHROMA_W, CHROMA_CHANNELS]);
    const h = hand.dataSync(), w = image.dataSync(), c = chroma.dataSync();
    expect([h[0], h[HAND_LENGTH - 1], h[HAND_LENGTH]]).toEqual([0, HAND_LENGTH - 1, FEATURE_LENGTH]);
    expect([w[0], w[1], w[CROP_H * CROP_W * IMAGE_CHANNELS]]).toEqual([HAND_LENGTH, HAND_LENGTH + 1, FEATURE_LENGTH + HAND_LENGTH]);
    expect([c[0], c[CHROMA_H * CHROMA_W * CHROMA_CHANNELS - 1], c[CHROMA_H * CHROMA_W * CHROMA_CHANNELS]]).toEqual([CHROMA_AT, FEATURE_LENGTH - 1, FEATURE_LENGTH + CHROMA_AT]);
    tf.dispose([hand, image, chroma]);
  });

  it('refuses fewer values than the rows need', () => {
    expect(() => netInputs(tf, new Float32Array(FEATURE_LENGTH), 2)).toThrow(/2 feature rows need/);
  });

  it('answers colour, value and is-a-card for each row', async () => {
    await tf.setBackend('cpu');
    const model = buildNet(tf, FEATURE_LENGTH, 1);
    const out = model.predict(netInputs(tf, new Float32Array(3 * FEATURE_LENGTH), 3)) as tf.Tensor[];
    expect(out.map((t) => t.shape)).toEqual([[3, 7], [3, 7], [3, 1]]);
    expect(() => buildNet(tf, FEATURE_LENGTH - 1, 1)).toThrow(/reads/);
  });

  it('joins trained members into one model whose heads are the members\' heads averaged', async () => {
    await tf.setBackend('cpu');
    const members = [buildNet(tf, FEATURE_LENGTH, 1, memberPrefix(0)), buildNet(tf, FEATURE_LENGTH, 2, memberPrefix(1))];
    const ensemble = buildEnsemble(tf, members.map((m) => layerWeights(m)));
    const rows = Float32Array.from({ length: 2 * FEATURE_LENGTH }, (_, i) => Math.sin(i));
    const predict = (m: tf.LayersModel) => (m.predict(netInputs(tf, rows, 2)) as tf.Tensor[]).map((t) => Array.from(t.dataSync()));
    const [a, b] = members.map(predict);
    const joined = predict(ensemble);
    for (let head = 0; head < 3; head++) {
      joined[head]!.forEach((v, i) => expect(v).toBeCloseTo((a![head]![i]! + b![head]![i]!) / 2, 6));
    }
    // The members' own seeds give different answers, or averaging them would be pointless.
    expect(a![0]).not.toEqual(b![0]);
  });

  it('refuses an ensemble of one, members built without their prefix, and missing layers', () => {
    const one = layerWeights(buildNet(tf, FEATURE_LENGTH, 1, memberPrefix(0)));
    expect(() => buildEnsemble(tf, [one])).toThrow(/at least 2 members/);
    expect(() => buildEnsemble(tf, [one, layerWeights(buildNet(tf, FEATURE_LENGTH, 2))])).toThrow(/memberPrefix\(1\)/);
    expect(() => buildEnsemble(tf, [one, one.slice(1).map((l) => ({ ...l, layer: l.layer.replace('m0_', 'm1_') }))])).toThrow(/weighted layers/);
  });
});
