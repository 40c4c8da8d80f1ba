import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { importWithoutSourceMaps, loadTensorflow } from '../../vision/backend.ts';

const before = process.sourceMapsEnabled;
afterEach(() => process.setSourceMapsEnabled(before));

describe('importing TensorFlow.js without its source maps', () => {
  it('gives the module and turns source maps back on afterwards', async () => {
    process.setSourceMapsEnabled(true);
    const wasm = await importWithoutSourceMaps<{ setWasmPaths: unknown }>('@tensorflow/tfjs-backend-wasm');
    expect(typeof wasm.setWasmPaths).toBe('function');
    expect(process.sourceMapsEnabled).toBe(true);
  });

  it('leaves source maps off when they were off', async () => {
    process.setSourceMapsEnabled(false);
    await importWithoutSourceMaps('@tensorflow/tfjs-backend-wasm');
    expect(process.sourceMapsEnabled).toBe(false);
  });

  it('answers a package that is not installed with the import error, and still turns source maps back on', async () => {
    process.setSourceMapsEnabled(true);
    await expect(importWithoutSourceMaps('@tensorflow/no-such-package')).rejects.toThrow(/no-such-package/);
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
