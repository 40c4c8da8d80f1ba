// Picks the fastest TensorFlow.js backend present: tfjs-node when it is installed (it downloads
// libtensorflow at install time, so it exists only where there was internet then), else the
// WebAssembly backend loaded from its own package folder (no network), else the plain CPU backend.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as tfType from '@tensorflow/tfjs';
import type { Logger } from 'pino';

export type BackendName = 'tensorflow' | 'wasm' | 'cpu';

let loaded: Promise<{ tf: typeof tfType; backend: BackendName }> | null = null;

/**
 * Imports a TensorFlow.js package without its source maps. tsx turns Node's source maps on, and
 * Node then parses and keeps the map of every file it loads: the tfjs bundles' maps are 6–19 MB
 * each, and held about 30 MiB of a process that reads frames. A stack trace into tfjs then names
 * its bundled JavaScript, not its TypeScript sources; the project's own files, loaded before or
 * after, keep their maps. The specifier is a variable, so neither bundlers nor the type checker
 * require the optional tfjs-node.
 */
export async function importWithoutSourceMaps<T>(specifier: string): Promise<T> {
  const enabled = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return (await import(specifier)) as T;
  } finally {
    process.setSourceMapsEnabled(enabled);
  }
}

async function pick(logger?: Logger): Promise<{ tf: typeof tfType; backend: BackendName }> {
  try {
    const tf = await importWithoutSourceMaps<typeof tfType>('@tensorflow/tfjs-node');
    await tf.ready();
    logger?.info({ backend: tf.getBackend() }, 'tensorflow backend: tfjs-node (native libtensorflow)');
    return { tf, backend: 'tensorflow' };
  } catch (err) {
    logger?.debug({ err: (err as Error).message }, 'tfjs-node is not installed; trying the WebAssembly backend');
  }
  const tf = await importWithoutSourceMaps<typeof tfType>('@tensorflow/tfjs');
  try {
    await startWasmBackend(tf);
    logger?.info({ backend: 'wasm' }, 'tensorflow backend: WebAssembly');
    return { tf, backend: 'wasm' };
  } catch (err) {
    await tf.setBackend('cpu');
    logger?.warn({ err: (err as Error).message }, 'tensorflow backend: plain CPU (WebAssembly failed to start; slow)');
    return { tf, backend: 'cpu' };
  }
}

/**
 * Makes the WebAssembly backend the active one for `tf`, loading its binaries from the package's
 * own folder (no network); throws when it cannot start. Tensors made on another backend move
 * over when first used, so a model trained on the CPU backend can then be run here.
 */
export async function startWasmBackend(tf: typeof tfType): Promise<void> {
  const wasm = await importWithoutSourceMaps<typeof import('@tensorflow/tfjs-backend-wasm')>('@tensorflow/tfjs-backend-wasm');
  const require = createRequire(import.meta.url);
  // The package's main file sits in dist/, beside the .wasm binaries.
  wasm.setWasmPaths(`${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '/')}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('tf.setBackend("wasm") returned false');
}

/** Loads TensorFlow.js once per process on the best backend available, logging which. */
export function loadTensorflow(logger?: Logger): Promise<{ tf: typeof tfType; backend: BackendName }> {
  loaded ??= pick(logger);
  return loaded;
}
