/**
 * The server's services: the store's repositories, the adapters of the domain's ports, the
 * event bus and the blob stores, from the configuration. Apart from the HTTP application
 * (`app.ts`), so that what needs only the services (the `quire` commands, a worker, the
 * crash tests' children) loads neither Fastify nor the faces.
 */
import { randomBytes } from 'node:crypto';
import { type AreaPorts, type Clock, type DomainServices, systemClock } from '@quire/domain';
import {
  createRepositories,
  type EventBus,
  loadOrCreateSigningKey,
  openEventBus,
  openStoredBlobs,
  type StoredBlobs,
} from '@quire/persistence';
import type { Store } from '@quire/store';
import { NodeSecrets } from './adapters/node-secrets';
import { ScryptPasswords } from './adapters/scrypt-passwords';
import { TimeOrderedIds } from './adapters/time-ordered-ids';
import { serverAreas } from './areas';
import type { PortMaterials } from './areas/server-area';
import { BlobCollectionRuns } from './blobs/blob-collection-runs';
import type { Config } from './config';
import { pdfLinkKey as pdfLinkKeyOf } from './content-exports/server-pdf-links';
import { markdownThreadsFor } from './markdown/threaded-untrusted-markdown';
import { LimitedPool } from './worker-pools/limited-pool';

/**
 * What the server runs operations with: the domain's services (the repositories, what every
 * area shares, and each area's ports) and what only the server uses.
 */
export interface Services extends DomainServices {
  /** The key PDF links are signed with (`content-exports/server-pdf-links.ts`). */
  pdfLinkKey: Uint8Array;
  /** The bytes of files, served by `/files/:hash` (`files/file-downloads.ts`). */
  blobs: StoredBlobs;
  /** The blob collection's runs in this process, one at a time (`blobs/blob-collection-runs.ts`). */
  blobCollection: BlobCollectionRuns;
  /** The threads that run the heavy part of jobs under memory and time limits (`worker-pools/`). */
  jobThreads: LimitedPool;
  /** Operations publish here; the tRPC face's live views subscribe (`faces/trpc/live-router.ts`). */
  events: EventBus;
}

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

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;
type PortsOf<Area> = Area extends { ports: (materials: PortMaterials) => infer Built }
  ? Awaited<Built>
  : never;
/** The adapters the areas build together: a compile error in `buildServices` when a declared port has none. */
type AreaAdapters = UnionToIntersection<PortsOf<(typeof serverAreas)[number]>>;

/**
 * The server's services, built in one place for the server, the `quire` commands, the
 * tests and the benchmarks: what every area shares (store, ids, secrets, event bus, blobs,
 * threads), then each area's adapters (`src/areas/`). `overrides` replaces services a
 * caller needs otherwise (a test's clock moves; a test's translation provider is a peer).
 */
export async function buildServices(
  options: ServiceOptions & { log?: ServiceLog },
  overrides: Partial<Services> = {},
): Promise<Services> {
  const { config, store } = options;
  const clock = overrides.clock ?? options.clock ?? systemClock;
  const signingKey = await loadOrCreateSigningKey(store.db, () => randomBytes(32).toString('base64url'));
  // Blobs are dated by the services' clock: the collection's grace counts by it.
  const blobs =
    overrides.blobs ?? (await openStoredBlobs(store, config.dataDir, () => clock.now().getTime()));
  const pdfLinkKey = overrides.pdfLinkKey ?? pdfLinkKeyOf(signingKey);
  const log = options.log ?? silentServiceLog;
  const jobThreads = overrides.jobThreads ?? new LimitedPool('job-thread', config.jobThreads);
  const events = overrides.events ?? (await openBus(store, log));
  const materials: PortMaterials = { config, store, blobs, jobThreads, clock, pdfLinkKey, events };
  const adapters = {} as AreaAdapters;
  for (const area of serverAreas) if ('ports' in area) Object.assign(adapters, await area.ports(materials));
  return {
    repos: createRepositories(store.db),
    clock,
    ids: new TimeOrderedIds(),
    secrets: new NodeSecrets(new TextEncoder().encode(signingKey), config.publicUrl),
    passwords: new ScryptPasswords(),
    urls:
      config.sitesUrl === undefined
        ? { api: config.publicUrl, app: config.appUrl }
        : { api: config.publicUrl, app: config.appUrl, sites: config.sitesUrl },
    pdfLinkKey,
    blobs,
    blobCollection: new BlobCollectionRuns(store, blobs, config.blobGraceMs),
    jobThreads,
    events,
    untrustedMarkdown: markdownThreadsFor(config.markdown),
    ...(adapters satisfies AreaPorts),
    ...overrides,
  };
}

async function openBus(store: Store, log: ServiceLog): Promise<EventBus> {
  const { bus, reach } = await openEventBus(store, (message, error) => log.warn({ err: error }, message));
  if (store.engine === 'mongodb' && reach === 'this server')
    log.warn(
      {},
      'MongoDB is a standalone server (no change streams): live updates reach only the viewers of this server; run a replica set (one node will do) for several servers',
    );
  return bus;
}
