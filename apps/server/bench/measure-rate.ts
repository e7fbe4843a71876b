/**
 * Requests per second of one request, measured with autocannon after a check that it works
 * and a warm-up (JIT, first compilations, caches); prints one line with the rate and p99.
 * Given a way to read the server process's CPU time, also the server's CPU per request over
 * the timed run: on a machine the load generator shares (or other work loads), the rate
 * moves with whoever is short of CPU, the server's CPU per request much less.
 *
 * `warmUp` and `measureOnce` are the two halves, for a benchmark that measures several
 * requests in interleaved rounds (`bench/api.ts`).
 */
import autocannon from 'autocannon';

export interface RequestShape {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  rps: number;
  /** Microseconds of the server's CPU per request answered, when `serverCpu` was given. */
  cpuPerRequest?: number;
}

export interface LoadShape extends RequestShape {
  seconds: number;
  connections: number;
  /** The server process's CPU time so far (user + system), in microseconds. */
  serverCpu?: () => Promise<number>;
}

export async function measureRate(
  title: string,
  url: string,
  init: RequestShape & { seconds: number; connections: number },
): Promise<number> {
  return (await measureRateAndCpu(title, url, init)).rps;
}

/** Checks the request works, then warms it up (JIT, tsx's first compilations, caches) for 2 s. */
export async function warmUp(title: string, url: string, init: LoadShape): Promise<void> {
  const check = await fetch(url, init);
  if (!check.ok) throw new Error(`${title}: ${check.status} ${await check.text()}`);
  await check.text();
  await autocannon({ ...autocannonOptions(url, init), duration: 2 });
}

/** One timed run of `init.seconds`: the rate over the run's whole length, the server's CPU per request, p99. */
export async function measureOnce(
  title: string,
  url: string,
  init: LoadShape,
): Promise<Measured & { p99: number }> {
  const cpuBefore = await init.serverCpu?.();
  const result = await autocannon({ ...autocannonOptions(url, init), duration: init.seconds });
  const cpuAfter = await init.serverCpu?.();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // The per-second samples' average counts only whole seconds: a short run reads its total.
  const rps = result.duration > 0 ? result.requests.total / result.duration : result.requests.average;
  const p99 = result.latency.p99;
  if (cpuBefore === undefined || cpuAfter === undefined) return { rps, p99 };
  return { rps, p99, cpuPerRequest: (cpuAfter - cpuBefore) / result.requests.total };
}

export async function measureRateAndCpu(title: string, url: string, init: LoadShape): Promise<Measured> {
  await warmUp(title, url, init);
  const { p99, ...measured } = await measureOnce(title, url, init);
  const cpu =
    measured.cpuPerRequest === undefined
      ? ''
      : `   server CPU ${measured.cpuPerRequest.toFixed(1).padStart(6)} us/req`;
  console.log(`${title.padEnd(44)} ${measured.rps.toFixed(0).padStart(8)} req/s   p99 ${p99} ms${cpu}`);
  return measured;
}

const autocannonOptions = (url: string, init: LoadShape) => ({
  url,
  connections: init.connections,
  method: init.method ?? 'GET',
  headers: init.headers,
  body: init.body,
});
