/**
 * `GET /metrics` for Prometheus: the requests answered, by route pattern (never the URL with
 * its ids), method and status, with their latency; the process's own figures (CPU, memory,
 * event loop, garbage collection, from prom-client); the store's (`store-metrics.ts`); and
 * whether events reach this server (`event-bus-metrics.ts`).
 *
 * The request path pays one histogram observation per request, in an `onResponse` hook
 * that each route gets when it is declared: the hook knows its route, finds the histogram
 * of the method and status in two small maps, and counts the time into it (a bucket search
 * and three additions, no allocation; prom-client's `observe` hashes its labels into a new
 * string each time, 25 times the cost). Requests that match no route (404s of unknown
 * paths, malformed URLs) are not counted: they have no route to be counted under, and a
 * hook for them would run on every request. Everything else is computed at scrape time.
 *
 * The figures are counts and timings, never data: no id, name or content. So `/metrics` is
 * open, like the probes, unless `QUIRE_METRICS_TOKEN` is set (an instance on a public
 * network that does not want its traffic and its size known): then it needs
 * `Authorization: Bearer <that token>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { EventBus } from '@quire/persistence';
import { LatencyHistogram, type Store } from '@quire/store';
import type { FastifyInstance, onResponseHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config';
import { errorBody } from './error-body';
import { eventBusMetricsText } from './event-bus-metrics';
import { type HistogramSeries, histogramText } from './prometheus-text';
import { storeMetricsText } from './store-metrics';

/** Seconds; Quire answers most reads in about a millisecond. */
const LATENCY_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  latency: LatencyHistogram;
}

/** The hook a route gets: it counts each answer's time under the route, its method and status. */
function observerOf(series: RequestSeries[], route: string): onResponseHookHandler {
  const byMethod = new Map<string, Map<number, LatencyHistogram>>();
  const latencyOf = (method: string, status: number): LatencyHistogram => {
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let latency = byStatus.get(status);
    if (!latency) {
      latency = new LatencyHistogram(LATENCY_BOUNDS);
      byStatus.set(status, latency);
      series.push({ labels: { method, route, status: String(status) }, latency });
    }
    return latency;
  };
  return (request, reply, done) => {
    latencyOf(request.method, reply.statusCode).observe(reply.elapsedTime / 1000);
    done();
  };
}

const hooksOf = <T>(declared: T | T[] | undefined): T[] =>
  declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request may read the metrics: any without a token, else one bearing it. */
function metricsReader(token: string | undefined): (authorization: string | undefined) => boolean {
  if (token === undefined) return () => true;
  const expected = digest(`Bearer ${token}`);
  return (authorization) => authorization !== undefined && timingSafeEqual(digest(authorization), expected);
}

/**
 * Registers `/metrics` and the request histogram. Call it before declaring the routes it
 * should count: each route gets its hook when it is declared.
 */
export function registerMetrics(
  app: FastifyInstance,
  store: Pick<Store, 'engine' | 'stats'>,
  config: Pick<Config, 'metricsToken'>,
  events: Pick<EventBus, 'health'>,
): void {
  // A registry per application: tests run several servers in one process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests: RequestSeries[] = [];

  app.addHook('onRoute', (route: RouteOptions) => {
    route.onResponse = [...hooksOf(route.onResponse), observerOf(requests, route.url)];
  });

  const mayRead = metricsReader(config.metricsToken);
  app.get('/metrics', async (request, reply) => {
    if (!mayRead(request.headers.authorization)) {
      return reply
        .code(401)
        .send(
          errorBody(401, 'The metrics need Authorization: Bearer <QUIRE_METRICS_TOKEN>', 'unauthenticated'),
        );
    }
    const series: HistogramSeries[] = requests.map(({ labels, latency }) => ({
      labels,
      figures: latency.figures(),
    }));
    const text = [
      await registry.metrics(),
      histogramText(
        'quire_http_request_duration_seconds',
        'Time to answer HTTP requests, by route pattern, method and status.',
        series,
      ),
      storeMetricsText(store),
      eventBusMetricsText(events.health()),
    ].join('\n');
    return reply.type(registry.contentType).send(text);
  });
}
