import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTensorflow, requireWithoutSourceMaps } from '../../vision/backend.ts';

const before = process.sourceMapsEnabled;
afterEach(() => process.setSourceMapsEnabled(before));

describe('loading a TensorFlow.js package without its source maps', () => {
  it('gives the module and turns source maps back on afterwards', () => {
    process.setSourceMapsEnabled(true);
    const wasm = requireWithoutSourceMaps<{ setWasmPaths: unknown }>('@tensorflow/tfjs-backend-wasm');
    expect(typeof wasm.setWasmPaths).toBe('function');
    expect(process.sourceMapsEnabled).toBe(true);
  });

  it('leaves source maps off when they were off', () => {
    process.setSourceMapsEnabled(false);
    requireWithoutSourceMaps('@tensorflow/tfjs-backend-wasm');
    expect(process.sourceMapsEnabled).toBe(false);
  });

  it('answers a package that is not installed with the loader error, and still turns source maps back on', () => {
    process.setSourceMapsEnabled(true);
    expect(() => requireWithoutSourceMaps('@tensorflow/no-such-package')).toThrow(/no-such-package/);
    expect(process.sourceMapsEnabled).toBe(true);
  });
});

function tfjsNodeInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@tensorflow/tfjs-node');
    return true;
  } catch {
    return false;
  }
}

describe('the backend chosen', () => {
  it('is tfjs-node where it installed, else WebAssembly (tfjs-node cannot install on the CI machine)', async () => {
    const { tf, backend } = await loadTensorflow();
    const expected = tfjsNodeInstalled() ? 'tensorflow' : 'wasm';
    expect(backend).toBe(expected);
    expect(tf.getBackend()).toBe(expected);
  });
});
