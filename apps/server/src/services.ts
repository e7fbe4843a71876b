/**
 * The server's services: the store's repositories, the adapters of the domain's ports, the
 * event bus and the blob stores, from the configuration. Apart from the HTTP application
 * (`app.ts`), so that what needs only the services (the `quire` commands, a worker, the
 * crash tests' children) loads neither Fastify nor the faces.
 */
import { randomBytes } from 'node:crypto';
import { type Clock, systemClock } from '@quire/domain';
import {
  createRepositories,
  loadOrCreateSigningKey,
  openEventBus,
  openJobFiles,
  openStoredBlobs,
} from '@quire/persistence';
import type { Store } from '@quire/store';
import { NodeSecrets } from './adapters/node-secrets';
import { ScryptPasswords } from './adapters/scrypt-passwords';
import { TimeOrderedIds } from './adapters/time-ordered-ids';
import type { Config } from './config';
import { pdfLinkKey, ServerPdfLinks } from './content-exports/server-pdf-links';
import { DEFAULT_INCOMING_FILE_LIMITS, ServerIncomingFiles } from './files/server-incoming-files';
import { GitRepositoriesOnDemand } from './git-sync/git-repositories-on-demand';
import { DEFAULT_CONTENT_IMPORT_LIMITS } from './imports/server-content-imports';
import { ThreadedContentImports } from './imports/threaded-content-imports';
import { markdownThreadsFor } from './markdown/threaded-untrusted-markdown';
import { ServerOpenApiProcessor } from './openapi/server-openapi-processor';
import type { Services } from './request-context';
import { MiniSearchContentSearch } from './search/mini-search-content-search';
import { TemplateCatalog } from './templates/template-catalog';
import { translationProviderFromConfig } from './translations/translation-provider-from-config';
import { LimitedPool } from './worker-pools/limited-pool';

export interface ServiceOptions {
  config: Config;
  store: Store;
  clock?: Clock;
}

/** Where services report what goes wrong in the background (a pino or Fastify logger fits). */
export interface ServiceLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

const silentServiceLog: ServiceLog = { warn: () => {} };

export async function buildServices(options: ServiceOptions & { log?: ServiceLog }): Promise<Services> {
  const signingKey = await loadOrCreateSigningKey(options.store.db, () =>
    randomBytes(32).toString('base64url'),
  );
  const blobs = await openStoredBlobs(options.store, options.config.dataDir);
  const pdfKey = pdfLinkKey(signingKey);
  const log = options.log ?? silentServiceLog;
  const jobThreads = new LimitedPool('job-thread', options.config.jobThreads);
  const { bus, reach } = await openEventBus(options.store, (message, error) =>
    log.warn({ err: error }, message),
  );
  if (options.store.engine === 'mongodb' && reach === 'this server')
    log.warn(
      {},
      'MongoDB is a standalone server (no change streams): live updates reach only the viewers of this server; run a replica set (one node will do) for several servers',
    );
  return {
    repos: createRepositories(options.store.db),
    clock: options.clock ?? systemClock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(new TextEncoder().encode(signingKey), options.config.publicUrl),
    passwords: new ScryptPasswords(),
    urls: { api: options.config.publicUrl, app: options.config.appUrl },
    incomingFiles: new ServerIncomingFiles(blobs, {
      ...DEFAULT_INCOMING_FILE_LIMITS,
      ...options.config.files,
      allowHosts: options.config.fetchAllowHosts,
    }),
    contentImports: new ThreadedContentImports(jobThreads, blobs, {
      ...DEFAULT_CONTENT_IMPORT_LIMITS,
      maxPages: options.config.importMaxPages,
      maxImportBytes: options.config.importMaxBytes,
      allowHosts: options.config.fetchAllowHosts,
    }),
    jobFiles: await openJobFiles(options.store, options.config.dataDir),
    contentTemplates: new TemplateCatalog(options.config.templatesDir),
    pdfLinks: new ServerPdfLinks(
      pdfKey,
      options.config.publicUrl,
      options.clock ?? systemClock,
      options.config.pdfLinkLifetimeMs,
    ),
    pdfLinkKey: pdfKey,
    blobs,
    jobThreads,
    events: bus,
    contentSearch: new MiniSearchContentSearch(),
    openApiProcessor: new ServerOpenApiProcessor(jobThreads, {
      ...options.config.openApi,
      allowHosts: options.config.fetchAllowHosts,
    }),
    translationProvider: translationProviderFromConfig(options.config),
    untrustedMarkdown: markdownThreadsFor(options.config.markdown),
    gitRepositories: new GitRepositoriesOnDemand(
      blobs,
      { maxFileBytes: options.config.files.maxFetchedBytes, ...options.config.git },
      { allowHosts: options.config.fetchAllowHosts, allowFile: options.config.gitAllowFile },
      jobThreads,
    ),
  };
}
