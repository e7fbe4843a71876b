/**
 * Requests per second of one request, measured with autocannon after a check that it works
 * and a warm-up (JIT, first compilations, caches); prints one line with the rate and p99.
 * Given a way to read the server process's CPU time, also the server's CPU per request over
 * the timed run: on a machine the load generator shares (or other work loads), the rate
 * moves with whoever is short of CPU, the server's CPU per request much less.
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

export async function measureRate(
  title: string,
  url: string,
  init: RequestShape & { seconds: number; connections: number },
): Promise<number> {
  return (await measureRateAndCpu(title, url, init)).rps;
}

export async function measureRateAndCpu(
  title: string,
  url: string,
  init: RequestShape & {
    seconds: number;
    connections: number;
    /** The server process's CPU time so far (user + system), in microseconds. */
    serverCpu?: () => Promise<number>;
  },
): Promise<Measured> {
  // Check the request works before timing it.
  const check = await fetch(url, init);
  if (!check.ok) throw new Error(`${title}: ${check.status} ${await check.text()}`);
  await check.text();
  // Warm up (JIT, tsx's first compilations, caches) before the timed run.
  await autocannon({
    url,
    connections: init.connections,
    duration: 2,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  const cpuBefore = await init.serverCpu?.();
  const result = await autocannon({
    url,
    connections: init.connections,
    duration: init.seconds,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  const cpuAfter = await init.serverCpu?.();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const rps = result.requests.average;
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : (cpuAfter - cpuBefore) / result.requests.total;
  const cpu =
    cpuPerRequest === undefined ? '' : `   server CPU ${cpuPerRequest.toFixed(1).padStart(6)} us/req`;
  console.log(`${title.padEnd(44)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${result.latency.p99} ms${cpu}`);
  return cpuPerRequest === undefined ? { rps } : { rps, cpuPerRequest };
}
