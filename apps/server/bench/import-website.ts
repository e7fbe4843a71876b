/**
 * `tsx bench/import-website.ts`: reading a 200-page website with `ServerContentImports`
 * (the 'website' source), served by a local HTTP server on 127.0.0.1 (the import tests'
 * fixture server: each generated page has a 200-link navigation, a header-less main with
 * six paragraphs, a list and a code block, and a footer). Measures the reader alone (fetch,
 * Readability, HTML to markdown, tree), not writing the revision. Target (issue 10): under
 * 20 s. BENCH_PAGES and BENCH_ROUNDS change the size and the rounds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quire/persistence';
import { DEFAULT_CONTENT_IMPORT_LIMITS, ServerContentImports } from '../src/imports/server-content-imports';
import { startFixtureSiteServer } from '../test/imports/fixture-site-server';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const site = await startFixtureSiteServer();
const directory = await mkdtemp(join(tmpdir(), 'quire-bench-import-'));
const reader = new ServerContentImports(await DirectoryBlobStore.open(directory), {
  ...DEFAULT_CONTENT_IMPORT_LIMITS,
  maxPages: PAGES + 1,
  allowHosts: ['127.0.0.1'],
});

const times: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  const content = await reader.read(
    { source: 'website', url: `${site.origin}/generated/${PAGES}/` },
    () => {},
  );
  times.push(performance.now() - started);
  if (content.importedResources !== PAGES + 1) throw new Error(`imported ${content.importedResources} pages`);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `website import, ${PAGES + 1} pages: median ${(sorted[Math.floor(ROUNDS / 2)] ?? 0).toFixed(0)} ms, ` +
    `min ${(sorted[0] ?? 0).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
);
await site.close();
await rm(directory, { recursive: true, force: true });
