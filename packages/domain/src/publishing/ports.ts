import type { SiteRecord } from './records';

export interface SiteRepository {
  findById(id: string): Promise<SiteRecord | null>;
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
