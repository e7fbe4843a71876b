/**
 * Starting and stopping the server: open the store, create indexes, bootstrap an empty
 * instance when asked, listen; on SIGINT/SIGTERM stop accepting, drain, close the store.
 */
import { bootstrapInstance, type Clock } from '@quire/domain';
import { ensureIndexes, openStore, repositoryIndexes, type Store } from '@quire/mongo';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { type PurgeJob, startPurgeDeletedSpacesJob } from './jobs/purge-deleted-spaces';
import type { Services } from './request-context';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  store: Store;
  /** Base URL the server listens on, e.g. http://127.0.0.1:8080 */
  url: string;
  close(): Promise<void>;
}

export async function openConfiguredStore(config: Config): Promise<Store> {
  const store = await openStore(
    config.mongodbUri
      ? { mongodbUri: config.mongodbUri, mongodbDb: config.mongodbDb, dataDir: config.dataDir }
      : { dataDir: config.dataDir },
  );
  await ensureIndexes(store.db, repositoryIndexes);
  return store;
}

export async function startServer(
  config: Config,
  options: { clock?: Clock; logger?: FastifyServerOptions['logger']; store?: Store } = {},
): Promise<RunningServer> {
  const store = options.store ?? (await openConfiguredStore(config));
  let app: FastifyInstance | undefined;
  let services: Services;
  let url: string;
  try {
    ({ app, services } = await buildApp({ config, store, clock: options.clock, logger: options.logger }));
    if (config.bootstrapToken) {
      const result = await bootstrapInstance(services, {
        token: config.bootstrapToken,
        organizationTitle: config.bootstrapOrg,
      });
      if (result.created) {
        app.log.info(
          { organizationId: result.organizationId },
          'bootstrapped an empty instance: administrator and organization created',
        );
      }
    }
    const address = await app.listen({ port: config.port, host: config.host });
    url = address.replace('[::]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  } catch (error) {
    // A failed start releases what it opened (the embedded store's lock above all).
    await app?.close().catch(() => {});
    if (!options.store) await store.close().catch(() => {});
    throw error;
  }
  const started = app;
  const purge: PurgeJob = startPurgeDeletedSpacesJob(services, {
    intervalMs: config.purgeIntervalMs,
    onPurged: (spaceIds) => started.log.info({ spaceIds }, 'purged spaces deleted more than 7 days ago'),
    onError: (error) => started.log.error({ err: error }, 'purge of deleted spaces failed'),
  });
  let closing: Promise<void> | undefined;
  return {
    app: started,
    services,
    store,
    url,
    close: () => {
      // Fastify's close stops accepting, waits for in-flight requests, then runs onClose hooks.
      closing ??= purge
        .stop()
        .then(() => started.close())
        .then(() => store.close());
      return closing;
    },
  };
}
