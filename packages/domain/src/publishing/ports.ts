import type { SiteRecord } from './records';

/**
 * Which version of a site is stored, read without the site itself (its structure and
 * customization are most of its size): a reader holding that version in memory
 * (`site-record-cache.ts`) needs nothing more.
 */
export interface SiteStamp {
  id: string;
  organizationId: string;
  version: number;
  /** The site's proxy (`<host>/<path>`), when it has one: what a proxied URL is matched on. */
  proxy?: string;
}

export interface SiteRepository {
  findById(id: string): Promise<SiteRecord | null>;
  /** The stamp of the site with this id, or null. */
  stampById(id: string): Promise<SiteStamp | null>;
  /** The stamp of the organization's site whose basename is `name`, else whose id is `name`, or null. */
  stampByName(organizationId: string, name: string): Promise<SiteStamp | null>;
  /** The stamps of the sites whose `proxy` is on this host (`<hostname>/<path>`), as `findByProxyHost`. */
  stampsByProxyHost(hostname: string): Promise<SiteStamp[]>;
  /** Every site of an organization, by id (ids are time-ordered: oldest first). Organizations hold few sites. */
  listAll(organizationId: string): Promise<SiteRecord[]>;
  /** The site whose custom `hostname` is this one (lower-case, no port), or null. */
  findByHostname(hostname: string): Promise<SiteRecord | null>;
  /** The sites whose `proxy` is on this host (`<hostname>/<path>`), for the lookup of published URLs. */
  findByProxyHost(hostname: string): Promise<SiteRecord[]>;
  /** False when a site with its id is stored (nothing written): ids are fresh, so never but by a fault. */
  insert(site: SiteRecord): Promise<boolean>;
  /**
   * Replaces the site when its stored version is still `expectedVersion` (one atomic step of
   * the store); false when another change came first or the site is gone.
   */
  replace(site: SiteRecord, expectedVersion: number): Promise<boolean>;
  /** True when a site was deleted. */
  delete(id: string): Promise<boolean>;
}
