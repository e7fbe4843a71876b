/**
 * The web app's build and dev server. `pnpm dev` here serves the app with hot reload and
 * proxies the API to a Quire server (`QUIRE_DEV_API`, default http://127.0.0.1:8080: the
 * root `pnpm dev`), so the app talks to the same origin as in production.
 *
 * Vite 8 bundles with Rolldown (and minifies with Oxc), which builds this app in about a
 * quarter of the CPU time Vite 7's Rollup took (docs/performance.md, "The first start"):
 * `pnpm start` builds the app on a first start, and the browser tests build it too.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.QUIRE_DEV_API ?? 'http://127.0.0.1:8080';

/** What the server answers besides the app: everything else is the app's. */
const SERVER_PREFIXES = [
  '/trpc',
  '/v1',
  '/admin',
  '/graphql',
  '/files',
  '/pdf',
  '/docs',
  '/healthz',
  '/collaboration',
];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      SERVER_PREFIXES.map((prefix) => [
        prefix,
        { target: api, changeOrigin: false, ws: prefix === '/collaboration' },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // No inline scripts or styles: the server's Content-Security-Policy allows 'self' only.
    assetsInlineLimit: 0,
    // Vite warns of any chunk over 500 KB. Ours that are (Scalar's API reference, about 3 MB,
    // and the editor, about 600 KB) load only when a person opens them; what every visit
    // loads first is held under 250 KB gzipped by the browser test (reading-docs.test.ts).
    // So the warning would only ever say the same thing, and is raised above those two.
    chunkSizeWarningLimit: 4096,
    // The size table is not printed (the build logs warnings only), and gzipping every chunk
    // to fill it in cost CPU on each build; the first screen's budget is checked by that test.
    reportCompressedSize: false,
  },
});
