/**
 * `npx tsx bench/url-lookup.ts` (from apps/server): requests/s of `POST /v1/urls/published`
 * (anonymous, with unsigned claims, as GitBook's renderer asks for each page) for a site of
 * 10 sections of 10 site spaces, against a bare Fastify route answering the same body to
 * the same request (method, headers, body), in the same run. Each lookup verifies the URL,
 * reads the site and its spaces, applies the visitor rules and hands out a site API token.
 * The target (issue 28): at least 50% of the bare route with the same headers. Also the
 * server's CPU per request of each (steadier than rates on a shared machine: a ratio of 50%
 * meaning a lookup costs twice the bare route's CPU).
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { measureRateAndCpu } from './measure-rate';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

interface Fixture {
  quire: string;
  bare: string;
  body: string;
  bytes: number;
  /** CPU per call of the lookup operation alone, in process, in microseconds. */
  operationCpu: number;
}

const { fixture, stop } = await startBenchChild<Fixture>(new URL('./url-lookup-server.ts', import.meta.url));
const serverCpu = async () =>
  ((await (await fetch(`${fixture.bare}/cpu`)).json()) as { micros: number }).micros;
const request = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: fixture.body,
  seconds: SECONDS,
  connections: CONNECTIONS,
  serverCpu,
};
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS}s each`,
);
console.log(`lookup answer: ${fixture.bytes} B`);
console.log(
  `the operation alone (in process, no HTTP): ${fixture.operationCpu.toFixed(1)} us CPU per lookup\n`,
);
const bare = await measureRateAndCpu(
  'bare Fastify, the same body',
  `${fixture.bare}/v1/urls/published`,
  request,
);
const headers = await measureRateAndCpu(
  'bare Fastify, the same body and headers',
  `${fixture.bare}/headers/v1/urls/published`,
  request,
);
const lookup = await measureRateAndCpu(
  'POST /v1/urls/published (anonymous)',
  `${fixture.quire}/v1/urls/published`,
  request,
);
const percent = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
const cpuRatio = (of: typeof bare) =>
  of.cpuPerRequest && lookup.cpuPerRequest ? percent(of.cpuPerRequest, lookup.cpuPerRequest) : 'n/a';
console.log(
  `\nratio (target >= 50% of bare + headers): rate ${percent(lookup.rps, headers.rps)}, CPU per request ${cpuRatio(headers)}` +
    ` (of plain bare: rate ${percent(lookup.rps, bare.rps)}, CPU ${cpuRatio(bare)})`,
);
stop();
