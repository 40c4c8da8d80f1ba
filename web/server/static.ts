// Serves the built dashboard (web/client/dist). When it has not been built, every page answers
// a clear 503 naming the command that builds it, rather than a bare 404. Checked per request so
// that building while the server runs just works.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Request, type Response } from 'express';

/** The page shown while the dashboard is not built. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Red7 dashboard not built</title></head>
<body>
<h1>The dashboard has not been built</h1>
<p>The API is running, but the tablet dashboard's files are missing. Build them with</p>
<pre>npm run build:client</pre>
<p>then reload this page.</p>
</body></html>`;

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' blob: data:",
  "connect-src 'self' ws: wss:", "manifest-src 'self'", "worker-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

/** Adds the dashboard's static files (or the 503 page) to the app, after the API routes. */
export function serveClient(app: Express, dir: string): void {
  const index = join(dir, 'index.html');
  const files = express.static(dir, {
    index: false,
    setHeaders(res, path) {
      // Hashed assets never change; the page and the service worker must be re-checked.
      if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Only the dashboard's own files run; ws:/wss: are named for browsers whose 'self' does not cover sockets.
    res.setHeader('Content-Security-Policy', CSP);
    if (!existsSync(index)) {
      res.status(503).type('html').set('Retry-After', '30').send(NOT_BUILT_PAGE);
      return;
    }
    files(req, res, () => {
      // Any other page path is the single-page dashboard.
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
}
