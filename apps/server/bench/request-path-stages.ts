/**
 * `node --import tsx bench/request-path-stages.ts` (from apps/server): where REST `GET ORG`'s
 * CPU goes over HTTP, stage by stage (`request-path-stages-server.ts`): the bare route with the
 * API's headers; Quire's hooks alone; with the bearer token's header; the request gate; the
 * operation run by `executeOperation`, then by `runOperation`; the real route. Each stage's
 * figure is its share of the bare route's rate and CPU per request, measured in interleaved
 * rounds (`interleaved-rounds.ts`; `BENCH_ROUNDS`, 12, of `BENCH_SECONDS`, 0.75 s), so the
 * steps between two stages are what each stage adds where it runs: in a server under load,
 * which costs several times what the same code costs in a loop (`docs/performance.md`,
 * "Tenth session").
 */
import { startBenchChild } from './bench-child';
import { measureInRounds, route, shareOf } from './interleaved-rounds';

interface Fixture {
  quire: string;
  bare: string;
  token: string;
  organizationId: string;
}

const { fixture, stop } = await startBenchChild<Fixture>(
  new URL('./request-path-stages-server.ts', import.meta.url),
);
const auth = { headers: { authorization: `Bearer ${fixture.token}` } };
const orgId = fixture.organizationId;
const stages = [
  route('bare Fastify + API headers', `${fixture.bare}/headers/org`),
  route("Quire's hooks, a constant body", `${fixture.quire}/v1/bench-stage/constant`),
  route('  and the bearer token sent', `${fixture.quire}/v1/bench-stage/constant`, auth),
  route('  and the request gate', `${fixture.quire}/v1/bench-stage/gate`, auth),
  route('  and executeOperation(orgs.get)', `${fixture.quire}/v1/bench-stage/execute/${orgId}`, auth),
  route('  runOperation instead', `${fixture.quire}/v1/bench-stage/run/${orgId}`, auth),
  route('REST GET /v1/orgs/{id}', `${fixture.quire}/v1/orgs/${orgId}`, auth),
];
const serverCpu = async () =>
  ((await (await fetch(`${fixture.bare}/cpu`)).json()) as { micros: number }).micros;
const measured = await measureInRounds(stages, {
  rounds: Number(process.env.BENCH_ROUNDS ?? 12),
  seconds: Number(process.env.BENCH_SECONDS ?? 0.75),
  connections: 50,
  serverCpu,
});
const [bare] = stages;
console.log('\nshare of the bare route with the same headers, by rate (by server CPU per request):');
for (const stage of stages)
  console.log(`  ${stage.title.padEnd(34)} ${shareOf(measured.get(stage) ?? [], measured.get(bare!) ?? [])}`);
stop();
