/**
 * How an area of the domain is served: its REST routes, the tags its operations are
 * documented under, and the adapters of the ports it declares, built from the configuration.
 * Each area has one such file here; `index.ts` lists them, in the domain's order.
 */
import type { Clock, DomainAreaKey } from '@quire/domain';
import type { EventBus, StoredBlobs } from '@quire/persistence';
import type { Store } from '@quire/store';
import type { Config } from '../config';
import type { ApiTag } from '../faces/openapi/api-groups';
import type { RestRoute } from '../faces/rest/route';
import type { LimitedPool } from '../worker-pools/limited-pool';

/** What an area's adapters are built from: the configuration and what every area shares. */
export interface PortMaterials {
  config: Config;
  store: Store;
  /** The bytes of files (`files/file-downloads.ts` serves them). */
  blobs: StoredBlobs;
  /** The threads that run the heavy part of jobs under memory and time limits. */
  jobThreads: LimitedPool;
  clock: Clock;
  /** The key PDF links are signed with. */
  pdfLinkKey: Uint8Array;
  /** Operations publish here (a job stored by an adapter wakes the workers through it). */
  events: EventBus;
}

export interface ServerArea {
  /** The domain area served (`packages/domain/src/<key>/area.ts`). */
  readonly key: DomainAreaKey;
  readonly routes: readonly RestRoute[];
  readonly tags: readonly ApiTag[];
  /** The adapters of the ports the domain area declares, by port; absent when it declares none. */
  readonly ports?: (materials: PortMaterials) => object | Promise<object>;
}

/** Declares how an area is served, keeping the exact type of its ports (the services' type is built from them). */
export function defineServerArea<const Area extends ServerArea>(area: Area): Area {
  return area;
}
