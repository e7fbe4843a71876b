/**
 * `npx tsx bench/url-lookup.ts` (from apps/server): requests/s of `POST /v1/urls/published`
 * (anonymous, with unsigned claims, as GitBook's renderer asks for each page) for a site of
 * 10 sections of 10 site spaces, against a bare Fastify route answering the same body to
 * the same request (method, headers, body), in the same run. Each lookup verifies the URL,
 * reads the site and its spaces, applies the visitor rules and signs a fresh site API token.
 * The target (issue 28): at least 50% of the bare rate.
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { measureRate } from './measure-rate';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Fixture {
  quire: string;
  bare: string;
  body: string;
  bytes: number;
}

const { fixture, stop } = await startBenchChild<Fixture>(new URL('./url-lookup-server.ts', import.meta.url));
const request = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: fixture.body,
  seconds: SECONDS,
  connections: CONNECTIONS,
};
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS}s each`,
);
console.log(`lookup answer: ${fixture.bytes} B\n`);
const bare = await measureRate('bare Fastify, the same body', `${fixture.bare}/v1/urls/published`, request);
const lookup = await measureRate(
  'POST /v1/urls/published (anonymous)',
  `${fixture.quire}/v1/urls/published`,
  request,
);
console.log(`\nratio (target >= 50%): lookup/bare ${((lookup / bare) * 100).toFixed(0)}%`);
stop();
