import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../browser/chromium.ts';

const DIST = fileURLToPath(new URL('../../../web/client/dist/', import.meta.url));

describe('the built dashboard', () => {
  it('ships under 150 KB of JavaScript, gzipped, for an old tablet', () => {
    ensureClientBuilt();
    const js = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    const gz = js.reduce((n, f) => n + gzipSync(readFileSync(join(DIST, 'assets', f))).length, 0);
    expect(gz).toBeLessThan(150 * 1024);
  });

  it('is installable: a manifest with 192 and 512 px icons, and a service worker', () => {
    ensureClientBuilt();
    const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8')) as { icons: Array<{ sizes: string }>; start_url: string; display: string };
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(readFileSync(join(DIST, 'sw.js'), 'utf8')).toContain("addEventListener('fetch'");
    expect(readFileSync(join(DIST, 'index.html'), 'utf8')).toContain('rel="manifest"');
  });
});
