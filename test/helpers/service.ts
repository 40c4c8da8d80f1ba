// Starts the whole companion as a user would (`node bin/red7.js start`) in a child process with
// a throwaway data folder, and waits until it prints its startup summary.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_PIN = '424242';

export interface Service {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Milliseconds from spawn to the printed summary. */
  readyMs: number;
  output: () => string;
  /** Kills the process (SIGKILL: a power cut) and waits for it to be gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A fresh data folder for a test. */
export const freshDataDir = (): string => mkdtempSync(join(tmpdir(), 'red7-service-'));

/** Starts the companion on a free port with no panel, no GPIO, no camera and no speech unless `env` says otherwise. */
export async function startService(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Service> {
  const started = performance.now();
  const child = spawn(process.execPath, ['bin/red7.js', 'start'], {
    env: {
      ...process.env, RED7_PORT: '0', RED7_HOST: '127.0.0.1', RED7_DATA: dataDir, RED7_PIN: TEST_PIN, RED7_PANEL: 'none',
      RED7_GPIO: 'off', RED7_CAMERA: 'none', RED7_SPEECH: 'false', RED7_LOG_LEVEL: 'warn', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the companion did not start in 30 s:\n${out}`)), 30_000);
    const look = () => {
      const m = /dashboard:\s+(http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the companion exited with ${code} before it was ready:\n${out}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child, url, dataDir, readyMs: performance.now() - started, output: () => out,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** POSTs a command as the referee; resolves with the HTTP status and the JSON answer. */
export async function postCommand(url: string, command: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/api/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_PIN}` },
    body: JSON.stringify(command),
  });
  return { status: res.status, body: await res.json() };
}

/** The public view the dashboard would show. */
export async function getState(url: string): Promise<any> {
  return (await fetch(`${url}/api/state`)).json();
}
