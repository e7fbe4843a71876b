/**
 * `npx tsx bench/page-document.ts` (from apps/server): the target of issue 28, "a page
 * document of a 5,000-page site under 10 ms uncached": `GET SPACE/revisions/{revisionId}/
 * page/{pageId}/document?evaluated=deterministic-only` (as GitBook's renderer asks for it) on
 * a space of 5,000 pages of about 3 KB of GitBook blocks each, through HTTP with an API token,
 * one request at a time, against a bare Fastify route answering a page's document with the
 * same headers, in the same server process. The space is written (and its documents derived,
 * as the write path's warm-up does) by one process, and read by a fresh one over the same
 * store: nothing of the content is in the reader's memory before it reads it.
 *
 * - uncached: each of `BENCH_PAGES` pages (default 1,000) read once, for the first time
 *   (nothing of it in this process; the page index of the revision warmed by a first
 *   request, reported on its own);
 * - cached: the last 500 of them read again (their trees kept in memory);
 * - bare: the bare route, as many times.
 * Wall time per request as the client saw it (median, p90), and the server process's CPU
 * time per request (its `process.cpuUsage()` over the phase, divided by the requests).
 */
import { rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);

interface Fixture {
  deriveSeconds: number;
  quire: string;
  bare: string;
  token: string;
  paths: string[];
  pages: number;
  bodyBytes: number;
  documentBytes: number;
}

const started = performance.now();
const script = new URL('./page-document-server.ts', import.meta.url);
// The writer: prints its data directory and exits; the reader serves that store. With
// BENCH_DATA_DIR, a store a writer left (BENCH_KEEP_DATA=1) is read again.
const written = process.env.BENCH_DATA_DIR
  ? { dataDir: process.env.BENCH_DATA_DIR }
  : (await startBenchChild<{ dataDir: string }>(script)).fixture;
process.env.BENCH_DATA_DIR = written.dataDir;
const { fixture, stop } = await startBenchChild<Fixture>(script);
const headers = { authorization: `Bearer ${fixture.token}` };
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${fixture.pages} pages, a body of ${(fixture.bodyBytes / 1024).toFixed(1)} KB, its document ${(fixture.documentBytes / 1024).toFixed(1)} KB (ready in ${((performance.now() - started) / 1000).toFixed(0)} s; the write path's derivation of the documents ${fixture.deriveSeconds.toFixed(1)} s)\n`,
);

async function serverCpuMs(): Promise<number> {
  const { user, system } = (await (await fetch(`${fixture.bare}/cpu`)).json()) as {
    user: number;
    system: number;
  };
  return (user + system) / 1000;
}

async function timed(url: string, withToken: boolean): Promise<number> {
  const t = performance.now();
  const response = await fetch(url, withToken ? { headers } : {});
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - t;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
};

async function phase(title: string, urls: string[], withToken: boolean): Promise<number> {
  const cpuBefore = await serverCpuMs();
  const times: number[] = [];
  for (const url of urls) times.push(await timed(url, withToken));
  // The /cpu call itself is in the figure: one bare request over hundreds.
  const cpu = ((await serverCpuMs()) - cpuBefore) / urls.length;
  const median = quantile(times, 0.5);
  console.log(
    `${title.padEnd(40)} wall median ${median.toFixed(2).padStart(6)} ms, p90 ${quantile(times, 0.9).toFixed(2).padStart(6)} ms; server CPU ${cpu.toFixed(2).padStart(6)} ms/request`,
  );
  return median;
}

const all = fixture.paths.map((path) => fixture.quire + path);
// Warm-up: the page index of the revision (5,000 pages, read once per process) and the HTTP path,
// on pages kept out of the measured ones.
const first = await timed(all[all.length - 1] as string, true);
console.log(`first request (reads the revision's page index): ${first.toFixed(1)} ms`);
for (const url of all.slice(-21, -1)) await timed(url, true);
for (let i = 0; i < 50; i++) await timed(`${fixture.bare}/document`, false);

const measured = all.slice(0, Math.min(PAGES, all.length - 21));
const uncached = await phase(`uncached (${measured.length} pages, each once)`, measured, true);
const kept = measured.slice(-500);
await phase(`cached (${kept.length} of them again)`, kept, true);
await phase(
  `bare route, same headers (${measured.length})`,
  measured.map(() => `${fixture.bare}/document`),
  false,
);
console.log(
  `\ntarget: a page document under 10 ms uncached: ${uncached < 10 ? 'met' : 'NOT met'} (median ${uncached.toFixed(1)} ms)`,
);
stop();
if (process.env.BENCH_KEEP_DATA === '1') console.log(`data kept in ${written.dataDir}`);
else await rm(written.dataDir, { recursive: true, force: true });
