/**
 * The server on its open store (see `server.ts`, which opens it and loads this module only
 * then): build the application, bootstrap an empty instance when asked, recover webhook
 * deliveries, listen; then the background tasks, the job worker and the command socket.
 */
import { bootstrapInstance, type Clock } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import type { Store } from '@quire/store';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type AppOptions, buildApp } from './app';
import { startPurgeExpiredAuditEventsJob } from './audit/purge-expired-audit-events-job';
import { blobCollectionSummary } from './blobs/blob-collection-summary';
import { type CommandSocket, startCommandSocket } from './cli/connection/command-socket';
import type { Config } from './config';
import { type InsightsPurgeJob, startPurgeExpiredInsightsJob } from './insights/purge-expired-insights-job';
import { startBlobCollectionTask } from './jobs/collect-blobs';
import { serverJobHandlers } from './jobs/job-handlers';
import { type JobWorker, startJobWorker } from './jobs/job-worker';
import { logJobEvent } from './jobs/log-job-event';
import { type PurgeJob, startPurgeDeletedSpacesJob } from './jobs/purge-deleted-spaces';
import { listenErrorOf } from './listen-error';
import { ThreadedUntrustedMarkdown } from './markdown/threaded-untrusted-markdown';
import { publishWelcomeSite } from './onboarding/welcome-site';
import type { RunningServer } from './server';
import type { Services } from './services';
import { followWebhookEvents } from './webhooks/follow-webhook-events';
import {
  recoverWebhookDeliveriesAtStartup,
  startWebhookRecoveryTask,
  type WebhookRecoveryTaskOptions,
} from './webhooks/recover-webhook-deliveries-task';

/**
 * How long the close waits for requests in flight before it closes their connections. A
 * client that keeps its connection busy (an event stream's client reconnecting again and
 * again on a kept-alive connection) would otherwise hold the close for ever: CI saw a test
 * server's close wait past its 30 s limit on live views' clients that were never closed.
 */
const DRAIN_DEADLINE_MS = 5_000;

async function closeWithin(
  app: { close(): Promise<unknown>; server: import('node:http').Server },
  ms: number,
) {
  const deadline = setTimeout(() => app.server.closeAllConnections(), ms);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

const webhookRecoveryLog = (app: FastifyInstance): WebhookRecoveryTaskOptions => ({
  onRecovered: (result) => app.log.info(result, 'recovered webhook deliveries left by a stopped process'),
  onError: (error) => app.log.error({ err: error }, 'the recovery sweep of webhook deliveries failed'),
});

export async function startOnStore(
  config: Config,
  store: Store,
  options: {
    clock?: Clock;
    logger?: FastifyServerOptions['logger'];
    events?: EventBus;
    serviceOverrides?: AppOptions['serviceOverrides'];
    /** The store was opened for this server: a failed start closes it, and the command socket serves it. */
    ownsStore: boolean;
  },
): Promise<RunningServer> {
  const { logger } = options;
  let app: FastifyInstance | undefined;
  let services: Services;
  let url: string;
  let welcomeSiteUrl: string | undefined;
  try {
    ({ app, services } = await buildApp({
      config,
      store,
      clock: options.clock,
      logger,
      events: options.events,
      serviceOverrides: options.serviceOverrides,
    }));
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
        const log = app.log;
        welcomeSiteUrl = await publishWelcomeSite(services, {
          userId: result.userId!,
          tokenId: result.tokenId!,
          organizationId: result.organizationId!,
        }).catch((error: unknown) => {
          log.error(
            { err: error },
            'the first docs site could not be published; the instance is bootstrapped',
          );
          return undefined;
        });
      }
    }
    // Webhook deliveries a killed process left unstored or stopped, before any new change.
    await recoverWebhookDeliveriesAtStartup(services, store.engine, webhookRecoveryLog(app));
    const address = await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
      throw listenErrorOf(error, config) ?? error;
    });
    url = address.replace('[::]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  } catch (error) {
    // A failed start releases what it opened (the embedded store's lock above all).
    await app?.close().catch(() => {});
    if (options.ownsStore) await store.close().catch(() => {});
    throw error;
  }
  const started = app;
  const purge: PurgeJob = startPurgeDeletedSpacesJob(services, {
    intervalMs: config.purgeIntervalMs,
    onPurged: (spaceIds) => started.log.info({ spaceIds }, 'purged spaces deleted more than 7 days ago'),
    onError: (error) => started.log.error({ err: error }, 'purge of deleted spaces failed'),
  });
  const insightsPurge: InsightsPurgeJob = startPurgeExpiredInsightsJob(services, {
    intervalMs: config.purgeIntervalMs,
    retentionDays: config.insightsRetentionDays,
    onPurged: (result) => started.log.info(result, 'purged insights older than their retention'),
    onError: (error) => started.log.error({ err: error }, 'purge of expired insights failed'),
  });
  const auditPurge = startPurgeExpiredAuditEventsJob(services, {
    intervalMs: config.purgeIntervalMs,
    retentionDays: config.auditRetentionDays,
    onPurged: (result) => started.log.info(result, 'purged audit events older than their retention'),
    onError: (error) => started.log.error({ err: error }, 'purge of expired audit events failed'),
  });
  // One line a run, whoever started it (the schedule, `quire blobs collect` through the socket).
  const stopLoggingBlobCollections = services.blobCollection.onEnd((end) => {
    if ('report' in end)
      started.log.info(
        { blobCollection: end.report },
        blobCollectionSummary(end.report, services.blobCollection.graceMs),
      );
    else started.log.error({ err: end.error }, 'blob collection failed');
  });
  const blobCollection = startBlobCollectionTask(
    services.blobCollection,
    store,
    () => services.clock.now().getTime(),
    config.blobCollectionIntervalMs,
    (last) =>
      started.log.debug(
        { lastRunAt: new Date(last).toISOString() },
        'blob collection not due: its last run is recent',
      ),
  );
  const webhookRecovery = startWebhookRecoveryTask(services, webhookRecoveryLog(started));
  const worker: JobWorker | undefined = config.jobsInServer
    ? startJobWorker(services, serverJobHandlers(services), {
        onEvent: logJobEvent(started.log),
        wakeOn: services.events,
      })
    : undefined;
  // The worker threads load their code while the server waits for its first reading or job
  // (`QUIRE_THREADS_AT_START`); otherwise each pool starts at its first task.
  if (config.threadsAtStart) {
    if (services.untrustedMarkdown instanceof ThreadedUntrustedMarkdown) services.untrustedMarkdown.warm();
    if (worker) services.jobThreads.warm();
  }
  // Events on the bus that webhooks describe (new revisions, comments) become deliveries.
  const webhookFollower = followWebhookEvents(services, (error) =>
    started.log.error({ err: error }, 'storing the webhook deliveries of an event failed'),
  );
  // `quire` commands run beside the server through it: the embedded store admits one process.
  const commandSocket: CommandSocket | undefined =
    store.engine === 'embedded' && options.ownsStore
      ? await startCommandSocket(
          { services, config, store, domain: await import('@quire/domain') },
          started.log,
        )
      : undefined;
  let closing: Promise<void> | undefined;
  return {
    app: started,
    services,
    store,
    url,
    ...(welcomeSiteUrl ? { welcomeSiteUrl } : {}),
    close: () => {
      // Fastify's close stops accepting, waits for in-flight requests, then runs onClose hooks.
      closing ??= Promise.all([
        purge.stop(),
        insightsPurge.stop(),
        auditPurge.stop(),
        blobCollection?.stop(),
        services.blobCollection.settled().then(stopLoggingBlobCollections),
        webhookRecovery.stop(),
        webhookFollower.stop(),
        worker?.stop(),
        commandSocket?.close(),
      ])
        .then(() => closeWithin(started, DRAIN_DEADLINE_MS))
        .then(() => Promise.all([store.close(), services.jobThreads.close()]))
        .then(() => undefined);
      return closing;
    },
  };
}
