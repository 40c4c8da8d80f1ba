// Picks the fastest TensorFlow.js backend present: tfjs-node when it is installed (it downloads
// libtensorflow at install time, so it exists only where there was internet then), else the
// WebAssembly backend loaded from its own package folder (no network), else the plain CPU backend.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as tfType from '@tensorflow/tfjs';
import type { Logger } from 'pino';

export type BackendName = 'tensorflow' | 'wasm' | 'cpu';

const require = createRequire(import.meta.url);

let loaded: Promise<{ tf: typeof tfType; backend: BackendName }> | null = null;

/**
 * Loads a TensorFlow.js package (all are CommonJS) with require, without its source maps.
 * require compiles a bundle once, where import() of CommonJS also scans all of it for ES module
 * syntax and export names, which for tfjs' large bundles costs about as much as compiling them.
 * tsx turns Node's source maps on, and Node would then parse and keep tfjs' large maps; a stack
 * trace into tfjs names its bundled JavaScript, not its sources.
 */
export function requireWithoutSourceMaps<T>(specifier: string): T {
  const enabled = process.sourceMapsEnabled;
  process.setSourceMapsEnabled(false);
  try {
    return require(specifier) as T;
  } finally {
    process.setSourceMapsEnabled(enabled);
  }
}

/**
 * The two parts of TensorFlow.js that reading a card uses: tensors and the layers model. The
 * whole `@tensorflow/tfjs` also loads the graph-model converter, tf.data and the WebGL backend,
 * which nothing here runs.
 */
function coreAndLayers(): typeof tfType {
  const core = requireWithoutSourceMaps<Record<string, unknown>>('@tensorflow/tfjs-core');
  const layers = requireWithoutSourceMaps<Record<string, unknown>>('@tensorflow/tfjs-layers');
  const version = { 'tfjs-core': core.version_core, 'tfjs-layers': layers.version_layers, tfjs: core.version_core };
  return { ...core, ...layers, version } as unknown as typeof tfType;
}

async function pick(logger?: Logger): Promise<{ tf: typeof tfType; backend: BackendName }> {
  try {
    const tf = requireWithoutSourceMaps<typeof tfType>('@tensorflow/tfjs-node');
    await tf.ready();
    logger?.info({ backend: tf.getBackend() }, 'tensorflow backend: tfjs-node (native libtensorflow)');
    return { tf, backend: 'tensorflow' };
  } catch (err) {
    logger?.debug({ err: (err as Error).message }, 'tfjs-node is not installed; trying the WebAssembly backend');
  }
  const tf = coreAndLayers();
  try {
    await startWasmBackend(tf);
    logger?.info({ backend: 'wasm' }, 'tensorflow backend: WebAssembly');
    return { tf, backend: 'wasm' };
  } catch (err) {
    requireWithoutSourceMaps('@tensorflow/tfjs-backend-cpu');
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
  const wasm = requireWithoutSourceMaps<typeof import('@tensorflow/tfjs-backend-wasm')>('@tensorflow/tfjs-backend-wasm');
  // The package's main file sits in dist/, beside the .wasm binaries.
  wasm.setWasmPaths(`${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), '/')}`);
  if (!(await tf.setBackend('wasm'))) throw new Error('tf.setBackend("wasm") returned false');
}

/** Loads TensorFlow.js once per process on the best backend available, logging which. */
export function loadTensorflow(logger?: Logger): Promise<{ tf: typeof tfType; backend: BackendName }> {
  loaded ??= pick(logger);
  return loaded;
}
