/**
 * Routes measured in interleaved rounds, not one long block per route: `rounds` rounds of
 * `seconds` per route, the routes' order rotated each round. Measured one after the other,
 * each route got its own stretch of the machine, and the drift of other work between blocks
 * dominated the ratios (the same code measured tRPC's organization at 49% to 108% of REST;
 * the URL lookup at 44% to 51% of its bare route in three runs of a few minutes). A ratio is
 * taken within each round, where both routes saw nearly the same machine, and the median of
 * the rounds' ratios is printed with their range (`bench/api.ts`, `bench/url-lookup.ts`).
 */
import { median } from './bench-api';
import { type LoadShape, type Measured, measureOnce, type RequestShape, warmUp } from './measure-rate';

export interface Route {
  title: string;
  url: string;
  init: RequestShape;
}

export type Rounds = Array<Measured & { p99: number }>;

export const route = (title: string, url: string, init: RequestShape = {}): Route => ({ title, url, init });

/**
 * Warms every route up, then measures them in `rounds` rotated rounds, printing each route's
 * medians (rate, p99, server CPU per request); answers each route's rounds.
 */
export async function measureInRounds(
  routes: readonly Route[],
  options: { rounds: number; seconds: number; connections: number; serverCpu: LoadShape['serverCpu'] },
): Promise<Map<Route, Rounds>> {
  const load = (r: Route): LoadShape => ({
    ...r.init,
    seconds: options.seconds,
    connections: options.connections,
    serverCpu: options.serverCpu,
  });
  for (const r of routes) await warmUp(r.title, r.url, load(r));
  const measured = new Map<Route, Rounds>(routes.map((r) => [r, []]));
  for (let round = 0; round < options.rounds; round++) {
    const shift = Math.floor((round * routes.length) / options.rounds);
    const order = routes.map((_, i) => routes[(i + shift) % routes.length] as Route);
    for (const r of order) measured.get(r)?.push(await measureOnce(r.title, r.url, load(r)));
  }
  for (const r of routes) {
    const rounds = measured.get(r) ?? [];
    const rps = median(rounds.map((m) => m.rps));
    const cpu = median(rounds.map((m) => m.cpuPerRequest ?? 0));
    const p99 = median(rounds.map((m) => m.p99));
    console.log(
      `${r.title.padEnd(44)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${p99} ms   server CPU ${cpu.toFixed(1).padStart(6)} us/req`,
    );
  }
  return measured;
}

const pct = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
const spread = (ratios: number[]) =>
  `${pct(median(ratios))} [${pct(Math.min(...ratios))}-${pct(Math.max(...ratios))}]`;

/**
 * One route's share of the other's figure, round by round: by rate, and by CPU per request
 * (the other's over this one's); the median of the rounds with their range.
 */
export function shareOf(route: Rounds, other: Rounds): string {
  const byRate = route.map((m, i) => m.rps / (other[i]?.rps ?? Number.NaN));
  const byCpu = route.map((m, i) => (other[i]?.cpuPerRequest ?? 0) / (m.cpuPerRequest ?? 1));
  return `${spread(byRate)} (CPU ${spread(byCpu)})`;
}
