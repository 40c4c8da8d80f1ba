// Runs the training's TypeScript modules beside the main thread, so rendering and the ensemble
// members use both cores. Two kinds: worker threads share memory (the members read one copy of
// the feature rows), child processes do not share librsvg: two threads of one process rasterising
// SVG text at once failed ("svgload_buffer: SVG rendering failed"), so the photos are rendered
// in processes. Either way the module gets a job and sends back log lines, then one result.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';

/** What a worker module sends: log lines while it runs, then one result. */
export type WorkerMessage<T> = { kind: 'log'; line: string } | { kind: 'done'; result: T };

const require = createRequire(import.meta.url);

/**
 * The ESM entry of tsx's API, found from this package because an eval'd worker has no module of
 * its own to resolve from. Read from tsx's export map: require.resolve would give the CommonJS
 * entry, whose register() cannot find its loader from a worker, and vitest has no import.meta.resolve.
 */
let tsxApi: string | undefined;
function tsxApiUrl(): string {
  if (tsxApi !== undefined) return tsxApi;
  const manifest = require.resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> };
  const entry = pkg.exports?.['./esm/api']?.import?.default;
  if (entry === undefined) throw new Error(`tsx at ${dirname(manifest)} has no ESM API entry; the training workers need tsx 4`);
  tsxApi = pathToFileURL(join(dirname(manifest), entry)).href;
  return tsxApi;
}

/** Turns a worker's messages and exit into a promise of its result; `detail` adds what the worker printed when it failed. */
function settle<T>(name: string, worker: EventEmitter, onLog: (line: string) => void, detail: () => string = () => ''): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let result: { value: T } | null = null;
    let failed = false;
    worker.on('message', (m: WorkerMessage<T>) => {
      if (m.kind === 'log') onLog(m.line);
      else result = { value: m.result };
    });
    worker.on('error', (err: Error) => { failed = true; reject(err); });
    worker.on('exit', (code: number | null) => {
      if (result !== null) resolve(result.value);
      else if (!failed) reject(new Error(`training worker ${name} exited with code ${code} before its result${detail()}`));
    });
  });
}

/** Runs `module` (a file URL) in a worker thread with `data` as its workerData (shared memory stays shared). */
export function runInThread<T>(module: URL, data: unknown, onLog: (line: string) => void = () => {}): Promise<T> {
  const boot = `import(${JSON.stringify(tsxApiUrl())}).then((m) => { m.register(); return import(${JSON.stringify(module.href)}); })`;
  return settle<T>(fileURLToPath(module), new Worker(boot, { eval: true, workerData: data }), onLog);
}

/** Runs `module` (a file URL) in a child process, sending it `data` as its first message (copied, typed arrays included). */
export function runInProcess<T>(module: URL, data: unknown, onLog: (line: string) => void = () => {}): Promise<T> {
  const child = fork(fileURLToPath(module), [], {
    execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-2000); });
  const done = settle<T>(fileURLToPath(module), child, onLog, () => (stderr.trim() ? `:\n${stderr.trim()}` : ''));
  child.send(data as never);
  return done;
}

/** In a module run by runInProcess: waits for the job, runs it, sends the result and lets the process end. */
export function serveProcessJob<J, T>(run: (job: J, log: (line: string) => void) => Promise<T>): void {
  if (process.send === undefined) throw new Error('this module runs as a training worker process (see runInProcess)');
  const send = process.send.bind(process);
  process.once('message', (job: J) => {
    void run(job, (line) => send({ kind: 'log', line } satisfies WorkerMessage<T>)).then((result) => {
      send({ kind: 'done', result } satisfies WorkerMessage<T>, undefined, {}, () => process.disconnect());
    });
  });
}
