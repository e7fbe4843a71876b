/**
 * Requests per second of one request, measured with autocannon after a check that it works
 * and a warm-up (JIT, first compilations, caches); prints one line with the rate and p99.
 */
import autocannon from 'autocannon';

export interface RequestShape {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export async function measureRate(
  title: string,
  url: string,
  init: RequestShape & { seconds: number; connections: number },
) {
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
  const result = await autocannon({
    url,
    connections: init.connections,
    duration: init.seconds,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const rps = result.requests.average;
  console.log(`${title.padEnd(44)} ${rps.toFixed(0).padStart(8)} req/s   p99 ${result.latency.p99} ms`);
  return rps;
}
