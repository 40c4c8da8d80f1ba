// Builds the dashboard into web/client/dist, which the server serves (npm run build:client).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2019', // old tablets: no newer syntax than their browsers know
    sourcemap: false,
  },
  server: {
    // `npx vite web/client` during development: the API and socket live on the companion.
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true }, '/healthz': 'http://localhost:8080' },
  },
});
