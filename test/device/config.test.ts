import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../device/config.ts';

const emptyDir = () => mkdtempSync(join(tmpdir(), 'red7-config-'));

describe('configuration', () => {
  it('uses the defaults when there is no file and no environment', () => {
    const { config, sources, file } = loadConfig({}, emptyDir());
    expect(file).toBe(null);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('./data');
    expect(sources.port).toBe('default');
  });

  it('reads red7.config.json, and the environment wins over it', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'red7.config.json'), JSON.stringify({ port: 9001, language: 'de', dataDir: '/srv/red7' }));
    const { config, sources } = loadConfig({ RED7_PORT: '9002' }, dir);
    expect(config).toMatchObject({ port: 9002, language: 'de', dataDir: '/srv/red7' });
    expect(sources).toMatchObject({ port: 'env', language: 'file', dataDir: 'file', host: 'default' });
  });

  it('lists every bad value with where it came from', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'red7.config.json'), JSON.stringify({ language: 'fr' }));
    expect(() => loadConfig({ RED7_PORT: 'eighty', RED7_PIN: '12' }, dir)).toThrow(ConfigError);
    try {
      loadConfig({ RED7_PORT: 'eighty', RED7_PIN: '12' }, dir);
    } catch (e) {
      expect((e as Error).message).toMatch(/RED7_PORT = "eighty"/);
      expect((e as Error).message).toMatch(/RED7_PIN = "12": a PIN of 2 characters is too easy to guess: use at least 6 digits/);
      expect((e as Error).message).toMatch(/"language" in .*red7.config.json/);
    }
  });

  it('refuses a file that is not JSON, an unknown setting, and a missing RED7_CONFIG file', () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'red7.config.json'), '{ port: 1');
    expect(() => loadConfig({}, dir)).toThrow(/not valid JSON/);
    writeFileSync(join(dir, 'red7.config.json'), '{"prot": 1}');
    expect(() => loadConfig({}, dir)).toThrow(/unknown setting "prot"/);
    expect(() => loadConfig({ RED7_CONFIG: 'nope.json' }, dir)).toThrow(/does not exist/);
  });
});
