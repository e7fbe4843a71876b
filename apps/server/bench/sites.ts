/**
 * `npx tsx bench/sites.ts` (from apps/server): requests/s of a site's published view
 * (`GET SITE/published`, anonymous, as a visitor's renderer asks for it) for a site of 50
 * sections and 500 site spaces, half behind conditions, against a bare Fastify route
 * answering the same body, in the same run. The target: at least 50% of the bare rate
 * (conditions compiled once per site version, not parsed per request).
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { measureRate } from './measure-rate';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Fixture {
  quire: string;
  bare: string;
  token: string;
  publishedPath: string;
  bytes: number;
}

const { fixture, stop } = await startBenchChild<Fixture>(new URL('./sites-server.ts', import.meta.url));
const measure = (title: string, url: string) =>
  measureRate(title, url, { seconds: SECONDS, connections: CONNECTIONS });

console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS}s each`,
);
console.log(`published view body: ${fixture.bytes} B\n`);
const bare = await measure('bare Fastify, the same body', `${fixture.bare}/published`);
const published = await measure('GET SITE/published (anonymous)', fixture.quire + fixture.publishedPath);
console.log(`\nratio (target >= 50%): published/bare ${((published / bare) * 100).toFixed(0)}%`);
stop();
