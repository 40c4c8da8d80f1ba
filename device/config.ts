// One schema for every setting: its default, its description, the environment variable that
// overrides it. Read from red7.config.json (or RED7_CONFIG), then the environment, and validated
// at start with readable messages. `red7 config` prints the result and where each value came from.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { pinProblem } from '../web/server/auth.ts';

const port = z.coerce.number().int().min(0).max(65535);
const bcm = z.coerce.number().int().min(2).max(27);
// "https://red7.example, http://192.168.1.20:8080" or a JSON list: each an origin (scheme, host, port; no path).
const origins = z.union([z.array(z.string()), z.string().transform((v) => v.split(',').map((o) => o.trim()).filter((o) => o !== ''))])
  .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/i, 'an origin is scheme://host[:port], like "https://red7.example"').transform((o) => o.toLowerCase())));
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]);

/** Every setting, in the order `red7 config` prints them. */
export const SETTINGS = {
  port: { env: 'RED7_PORT', schema: port, default: 8080, description: 'HTTP and WebSocket port of the dashboard' },
  host: { env: 'RED7_HOST', schema: z.string().min(1), default: '0.0.0.0', description: 'address to listen on (0.0.0.0: the whole table network)' },
  dataDir: { env: 'RED7_DATA', schema: z.string().min(1), default: './data', description: 'folder of the journal (red7.db) and the referee PIN' },
  pin: { env: 'RED7_PIN', schema: z.string().superRefine((p, ctx) => {
    const problem = pinProblem(p);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  }).optional(), default: undefined, description: 'referee PIN, 6 to 32 digits or letters (default: 6 digits generated at first start and kept in the data folder)' },
  allowedOrigins: { env: 'RED7_ALLOWED_ORIGINS', schema: origins, default: [] as string[], description: 'other web origins whose pages may open the dashboard socket, comma-separated (the dashboard’s own is always allowed)' },
  language: { env: 'RED7_LANG', schema: z.enum(['en', 'de', 'pt', 'ru', 'ko']), default: 'en', description: 'language of announcements' },
  panel: { env: 'RED7_PANEL', schema: z.string().min(1), default: 'auto', description: 'serial panel: a device path, "auto" (by USB id or /dev/serial/by-id) or "none"' },
  camera: { env: 'RED7_CAMERA', schema: z.enum(['auto', 'rpicam', 'v4l2', 'folder', 'none']), default: 'auto', description: 'camera source; "auto" picks rpicam, then a v4l2 device, else none' },
  cameraDevice: { env: 'RED7_CAMERA_DEVICE', schema: z.string().min(1), default: '/dev/video0', description: 'v4l2 device of a USB camera' },
  cameraFolder: { env: 'RED7_CAMERA_FOLDER', schema: z.string().min(1).optional(), default: undefined, description: 'folder of card photos used as the camera (camera = folder)' },
  awbGains: { env: 'RED7_AWB_GAINS', schema: z.string().regex(/^\d+(\.\d+)?,\d+(\.\d+)?$/, 'two gains like "1.8,1.6"'), default: '1.8,1.6', description: 'fixed red,blue white-balance gains of the Pi camera' },
  gpio: { env: 'RED7_GPIO', schema: z.enum(['auto', 'on', 'off']), default: 'auto', description: 'the Pi’s own LEDs, buzzer and scan button; "auto" uses them when GPIO is accessible' },
  gpioGreenLed: { env: 'RED7_GPIO_GREEN', schema: bcm, default: 17, description: 'BCM pin of the green status LED' },
  gpioRedLed: { env: 'RED7_GPIO_RED', schema: bcm, default: 27, description: 'BCM pin of the red status LED' },
  gpioBuzzer: { env: 'RED7_GPIO_BUZZER', schema: bcm, default: 22, description: 'BCM pin of the buzzer' },
  gpioScanButton: { env: 'RED7_GPIO_SCAN', schema: bcm, default: 23, description: 'BCM pin of the scan button (to ground; install-pi.sh sets its pull-up)' },
  speech: { env: 'RED7_SPEECH', schema: bool, default: true, description: 'speak announcements on the Pi with espeak-ng when present' },
  logLevel: { env: 'RED7_LOG_LEVEL', schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), default: 'info', description: 'log level' },
} as const;

type Settings = typeof SETTINGS;
export type Config = { [K in keyof Settings]: z.output<Settings[K]['schema']> };
export type ConfigSource = 'default' | 'file' | 'env';

/** The effective configuration and where each value came from. */
export interface LoadedConfig {
  config: Config;
  sources: Record<keyof Config, ConfigSource>;
  file: string | null;
}

/** A configuration that cannot be used, with every problem listed. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the config file (if any) and the environment; throws ConfigError with readable messages. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): LoadedConfig {
  const path = resolve(cwd, env.RED7_CONFIG ?? 'red7.config.json');
  let fromFile: Record<string, unknown> = {};
  const fileExists = existsSync(path);
  if (env.RED7_CONFIG !== undefined && !fileExists) throw new ConfigError(`RED7_CONFIG names ${path}, which does not exist`);
  if (fileExists) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new ConfigError(`${path} is not valid JSON: ${(e as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigError(`${path} must hold a JSON object of settings`);
    fromFile = parsed as Record<string, unknown>;
    const unknown = Object.keys(fromFile).filter((k) => !(k in SETTINGS));
    if (unknown.length > 0) throw new ConfigError(`${path}: unknown setting ${unknown.map((k) => `"${k}"`).join(', ')}; known: ${Object.keys(SETTINGS).join(', ')}`);
  }
  const config: Record<string, unknown> = {};
  const sources: Record<string, ConfigSource> = {};
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(SETTINGS) as Array<[keyof Config, Settings[keyof Config]]>) {
    const envValue = env[setting.env];
    const [raw, source]: [unknown, ConfigSource] =
      envValue !== undefined && envValue !== '' ? [envValue, 'env'] : key in fromFile ? [fromFile[key], 'file'] : [setting.default, 'default'];
    const result = (setting.schema as z.ZodType).safeParse(raw);
    if (result.success) {
      config[key] = result.data;
      sources[key] = source;
    } else {
      const where = source === 'env' ? setting.env : source === 'file' ? `"${key}" in ${path}` : key;
      problems.push(`${where} = ${JSON.stringify(raw)}: ${result.error.issues.map((i) => i.message).join('; ')}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  return { config: config as Config, sources: sources as LoadedConfig['sources'], file: fileExists ? path : null };
}
