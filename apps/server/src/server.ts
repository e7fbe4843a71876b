/**
 * Starting and stopping the server: open the store, create indexes, open the store session
 * (repairing counters, hostname claims and tree locks when the last process did not close the store
 * cleanly), bootstrap an empty instance when asked, listen; on SIGINT/SIGTERM stop
 * accepting, drain (at most 5 s, then the connections are closed), end the session, close the store.
 *
 * The store opens first, and only then is the application's code loaded (`start-on-store.ts`:
 * Fastify's routes, the faces, the job handlers; most of a start's 4 s of a core): a server
 * that cannot use its data directory or reach MongoDB says so without loading it.
 */
import type { Clock } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { Store } from '@quire/store';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { AppOptions } from './app';
import type { Config } from './config';
import { loggerOptionsFor } from './http/request-log';
import { openConfiguredStore, silentLog } from './open-configured-store';
import type { Services } from './services';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  store: Store;
  /** Base URL the server listens on, e.g. http://127.0.0.1:8080 */
  url: string;
  /** The docs site this start published, when it bootstrapped an empty instance (`welcome-site.ts`). */
  welcomeSiteUrl?: string;
  close(): Promise<void>;
}

export async function startServer(
  config: Config,
  options: {
    clock?: Clock;
    logger?: FastifyServerOptions['logger'];
    store?: Store;
    events?: EventBus;
    serviceOverrides?: AppOptions['serviceOverrides'];
  } = {},
): Promise<RunningServer> {
  // JSON lines, or readable ones on a terminal, unless the caller chose (tests: silent).
  const ownLog = options.logger === undefined ? await loggerOptionsFor(config.logLevel) : undefined;
  const logger = options.logger ?? ownLog;
  // Lines before the application exists (connecting, repairing) go to a logger of their own.
  const startupLog = logger === false ? silentLog : pino({ level: config.logLevel }, ownLog?.stream);
  const store = options.store ?? (await openConfiguredStore(config, { log: startupLog }));
  const ownsStore = options.store === undefined;
  let startOnStore: typeof import('./start-on-store').startOnStore;
  try {
    ({ startOnStore } = await import('./start-on-store'));
  } catch (error) {
    if (ownsStore) await store.close().catch(() => {});
    throw error;
  }
  return startOnStore(config, store, {
    clock: options.clock,
    logger,
    events: options.events,
    serviceOverrides: options.serviceOverrides,
    ownsStore,
  });
}
