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
import { defineConfig, type Plugin } from 'vite';

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

/**
 * The screens a person without a session lands on (`src/routes/<name>.tsx`): what they share
 * goes in a chunk of its own, so the first screen does not load the signed-in screens' code.
 */
const SIGNED_OUT_SCREENS = ['sign-in', 'join', 'accept-invitation', 'forgot-password', 'reset-password'];

/**
 * Which screens' code each module is part of: the modules each set of screens reaches by
 * static imports. What a screen imports with `import()` (the editor, KaTeX, Scalar's API
 * reference) is not part of it, and stays a chunk of its own.
 */
const screensCode = { signedOut: new Set<string>(), signedIn: new Set<string>() };

/** Fills `screensCode` from the build's module graph once it is complete (chunks are made after). */
const screensGraph: Plugin = {
  name: 'quire:screens-graph',
  apply: 'build',
  buildEnd() {
    const imports = new Map<string, readonly string[]>();
    for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
    const screens = [...imports.keys()].filter((id) => /[\\/]src[\\/]routes[\\/][^\\/]+\.tsx$/.test(id));
    const isSignedOut = (id: string) =>
      SIGNED_OUT_SCREENS.some((name) => id.replaceAll('\\', '/').endsWith(`/src/routes/${name}.tsx`));
    const signedOut = screens.filter(isSignedOut);
    // A renamed screen would otherwise put its code among the signed-in screens' unnoticed.
    if (signedOut.length !== SIGNED_OUT_SCREENS.length)
      this.error(`not every signed-out screen was found in src/routes: ${SIGNED_OUT_SCREENS.join(', ')}`);
    screensCode.signedOut = reachable(signedOut, imports);
    screensCode.signedIn = reachable(
      screens.filter((id) => !isSignedOut(id)),
      imports,
    );
  },
};

function reachable(roots: readonly string[], imports: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(imports.get(id) ?? []));
  }
  return seen;
}

export default defineConfig({
  plugins: [react(), screensGraph],
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
    // By default the bundler makes a chunk of every set of lazily loaded screens that share
    // modules: 195 chunks, 159 of them under 10 KB, and a space's page loaded 49 scripts. Each
    // script costs the browser a request, a compile and a link: the same code in 7 scripts
    // cost a first load of a space's page 0.46-0.51 s of the browser's CPU instead of
    // 0.76-0.82 (docs/performance.md, seventeenth session). So the shared code is grouped,
    // each module still in one chunk only:
    // - what the entry imports, with the entry (it was the entry and five preloaded chunks);
    // - what the signed-out screens share, in one chunk, which keeps the first screen small;
    // - what the signed-in screens share, in one chunk (about 300 KB gzipped: a screen that
    //   needs part of it loads all of it once, then every other screen has it cached). Its
    //   stylesheet comes with it: a signed-in screen has every shared screen's CSS from the start.
    // What one screen alone uses stays in its own chunk, and what is loaded with `import()`
    // (the editor, KaTeX, Scalar) in its own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'signed-out', minShareCount: 2, test: (id) => screensCode.signedOut.has(id) },
            { name: 'screens', minShareCount: 2, test: (id) => screensCode.signedIn.has(id) },
          ],
        },
      },
    },
  },
});
