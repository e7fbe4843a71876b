/**
 * `npx tsx bench/url-lookup.ts` (from apps/server): requests/s of `POST /v1/urls/published`
 * (anonymous, with unsigned claims, as GitBook's renderer asks for each page) for a site of
 * 10 sections of 10 site spaces, against a bare Fastify route answering the same body to
 * the same request (method, headers, body), in the same run. Each lookup verifies the URL,
 * reads the site and its spaces, applies the visitor rules and hands out a site API token.
 * The target (issue 28): at least 50% of the bare route with the same headers. Also the
 * server's CPU per request of each (steadier than rates on a shared machine: a ratio of 50%
 * meaning a lookup costs twice the bare route's CPU). The three routes are measured in
 * interleaved rounds (`BENCH_ROUNDS`, 12, of `BENCH_SECONDS`, 1 s, per route; see
 * `interleaved-rounds.ts`): measured in one block each, three runs on the same code read 44%,
 * 48% and 51%.
 */
import { cpus } from 'node:os';
import { startBenchChild } from './bench-child';
import { measureInRounds, route, shareOf } from './interleaved-rounds';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1);
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
};
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, node ${process.version}; ${CONNECTIONS} connections, ` +
    `${ROUNDS} rounds of ${SECONDS}s per route, the order rotated each round`,
);
console.log(`lookup answer: ${fixture.bytes} B`);
console.log(
  `the operation alone (in process, no HTTP): ${fixture.operationCpu.toFixed(1)} us CPU per lookup\n`,
);
const bare = route('bare Fastify, the same body', `${fixture.bare}/v1/urls/published`, request);
const headers = route(
  'bare Fastify, the same body and headers',
  `${fixture.bare}/headers/v1/urls/published`,
  request,
);
const lookup = route('POST /v1/urls/published (anonymous)', `${fixture.quire}/v1/urls/published`, request);
const measured = await measureInRounds([bare, headers, lookup], {
  rounds: ROUNDS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  serverCpu,
});
const roundsOf = (r: typeof bare) => measured.get(r) ?? [];
console.log(
  '\nratios by rate (by server CPU per request), medians of the rounds [lowest-highest]; target: >= 50% of bare + headers',
);
console.log(`  lookup/bare+headers ${shareOf(roundsOf(lookup), roundsOf(headers))}`);
console.log(`  lookup/bare ${shareOf(roundsOf(lookup), roundsOf(bare))}`);
stop();
