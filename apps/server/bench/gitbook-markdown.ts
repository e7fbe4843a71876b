/**
 * `tsx bench/gitbook-markdown.ts`: the conversion target of issue 27, every block of
 * GitBook's Git Sync dialect converted markdown -> document in under 2 ms per KB. For each
 * block (`GITBOOK_BLOCKS`), a text of that block repeated to about 8 KB, then one page
 * holding every block (`pageBody`) repeated likewise: the median CPU time over the runs of
 * `markdownToDocument` (what a read of a stored page does) and of `normalizeMarkdown` (what
 * an import does to a page before storing it), per KB of text. Also the conversion where the
 * server runs it in bulk, on a job thread (`documents-convert`, the pool's own V8 limits, see
 * `THREAD_YOUNG_GENERATION_MB`): the process's CPU while the thread converts, the main thread
 * waiting, per KB (task messages included, a few tenths of a millisecond per task).
 * BENCH_KB and BENCH_RUNS change the size and the runs.
 *
 * The main thread's conversion is `@quire/documents` as the server's build bundles it (esbuild,
 * names not kept: `scripts/build.mjs`), bundled here at start: tsx, which runs this file, keeps
 * every function's name, which makes each closure a hot path creates cost a property definition
 * (lists: about twice the time). BENCH_SOURCES=1 measures the sources as tsx runs them instead.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LimitedPool } from '../src/worker-pools/limited-pool';
import { medianCpuMs } from './cpu-time';
import { GITBOOK_BLOCKS, pageBody, repeatedToKb } from './gitbook-format-repository';

type Documents = typeof import('@quire/documents');

/** `@quire/documents` bundled as the server's build bundles it, then imported. */
async function builtDocuments(): Promise<Pick<Documents, 'markdownToDocument' | 'normalizeMarkdown'>> {
  if (process.env.BENCH_SOURCES === '1') return import('@quire/documents');
  const esbuild = await import('esbuild');
  const outfile = join(mkdtempSync(join(tmpdir(), 'quire-bench-documents-')), 'documents.mjs');
  await esbuild.build({
    stdin: {
      contents: "export { markdownToDocument, normalizeMarkdown } from '@quire/documents';",
      resolveDir: fileURLToPath(new URL('..', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: false,
    outfile,
    logLevel: 'error',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return import(pathToFileURL(outfile).href);
}

const { markdownToDocument, normalizeMarkdown } = await builtDocuments();

const KB = Number(process.env.BENCH_KB ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const repeated = (sample: (n: number) => string) => repeatedToKb(KB, sample);

const jobThread = new LimitedPool('job-thread', { threads: 1, memoryMb: 1024, deadlineMs: 600_000 });
const convertInThread = (markdown: string) =>
  jobThread.run<string[]>('documents-convert', { bodies: [markdown] });

const rows: [string, string][] = [
  ...Object.entries(GITBOOK_BLOCKS).map(
    ([name, block]) => [name, repeated((n) => block(n, ''))] as [string, string],
  ),
  ['every block (a page)', repeated((n) => pageBody(n, ''))],
];
// Warm the paths up, every block's (the parser's first calls compile what it uses, V8 optimizes
// a function after many calls; the thread loads its code): a server converts all day, so its
// conversion runs warm. Warming the page of every block alone left each block's own paths cold.
for (const [, text] of rows)
  for (let i = 0; i < 20; i++) {
    markdownToDocument(normalizeMarkdown(text));
    await convertInThread(normalizeMarkdown(text));
  }

console.log(
  `${'block'.padEnd(26)} ${'KB'.padStart(5)}  to document ms/KB  on a job thread  normalize ms/KB  (CPU time)`,
);
let worst = 0;
let worstInThread = 0;
for (const [name, text] of rows) {
  const kb = Buffer.byteLength(text) / 1024;
  const stored = normalizeMarkdown(text);
  const toDocument = (await medianCpuMs(() => markdownToDocument(stored), { runs: RUNS })) / kb;
  const inThread = (await medianCpuMs(() => convertInThread(stored), { runs: RUNS })) / kb;
  const normalize = (await medianCpuMs(() => normalizeMarkdown(text), { runs: RUNS })) / kb;
  worst = Math.max(worst, toDocument);
  worstInThread = Math.max(worstInThread, inThread);
  console.log(
    `${name.padEnd(26)} ${kb.toFixed(1).padStart(5)}  ${toDocument.toFixed(2).padStart(17)}  ${inThread.toFixed(2).padStart(15)}  ${normalize.toFixed(2).padStart(15)}`,
  );
}
await jobThread.close();
const verdict = (ms: number) => `${ms.toFixed(2)} ms per KB (target under 2: ${ms < 2 ? 'met' : 'NOT met'})`;
console.log(`worst markdown -> document: ${verdict(worst)}; on a job thread: ${verdict(worstInThread)}`);
