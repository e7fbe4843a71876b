/**
 * The web app's build and dev server. `pnpm dev` here serves the app with hot reload and
 * proxies the API to a Quire server (`QUIRE_DEV_API`, default http://127.0.0.1:8080: the
 * root `pnpm dev`), so the app talks to the same origin as in production.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.QUIRE_DEV_API ?? 'http://127.0.0.1:8080';

/** What the server answers besides the app: everything else is the app's. */
const SERVER_PREFIXES = ['/trpc', '/v1', '/admin', '/graphql', '/files', '/pdf', '/docs', '/healthz'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [prefix, { target: api, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // No inline scripts or styles: the server's Content-Security-Policy allows 'self' only.
    assetsInlineLimit: 0,
  },
});
