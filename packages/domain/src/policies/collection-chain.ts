/**
 * Reading the collections above spaces or collections. Each collection lists its ancestors
 * (`ancestorIds`), so a whole chain is two reads: the parents, then everything they list.
 * Parent links stay the truth: a link whose parent was not among the listed ancestors (a
 * list left stale, or a collection written before the lists existed) is read on a further
 * round, so a stale list costs a query, never a wrong chain.
 */

import type { CollectionRecord } from '../content/collections/records';
import type { DomainServices } from '../core/context';

/**
 * Loads the collections `parentIds` and every collection above them, whatever their
 * organization: usually two queries for the whole batch, however deep.
 */
export async function loadCollectionChains(
  services: Pick<DomainServices, 'repos'>,
  parentIds: Iterable<string>,
): Promise<Map<string, CollectionRecord>> {
  const loaded = new Map<string, CollectionRecord>();
  // An id is never asked for twice (missing ones included), so a corrupt cycle or a
  // dangling list ends the walk too.
  const asked = new Set<string>();
  let pending = new Set(parentIds);
  while (pending.size > 0) {
    for (const id of pending) asked.add(id);
    const found = await services.repos.collections.findByIds([...pending]);
    pending = new Set();
    for (const collection of found) loaded.set(collection.id, collection);
    for (const collection of found) {
      const above = collection.parentId ? [...collection.ancestorIds, collection.parentId] : [];
      for (const id of above) if (!asked.has(id)) pending.add(id);
    }
  }
  return loaded;
}

/**
 * The ids above `collectionId` through parent links in `loaded`, root first, excluding the
 * collection itself; stops at a missing parent or a cycle.
 */
export function ancestorIdsFrom(
  collectionId: string,
  loaded: ReadonlyMap<string, CollectionRecord>,
): string[] {
  const up: string[] = [];
  const seen = new Set([collectionId]);
  let parentId = loaded.get(collectionId)?.parentId;
  while (parentId && !seen.has(parentId)) {
    seen.add(parentId);
    up.push(parentId);
    parentId = loaded.get(parentId)?.parentId;
  }
  return up.reverse();
}

/** The exact ancestor list of a collection placed under `parentId` (undefined: the top level). */
export async function ancestorIdsUnder(
  services: Pick<DomainServices, 'repos'>,
  parentId: string | undefined,
): Promise<string[]> {
  if (parentId === undefined) return [];
  const loaded = await loadCollectionChains(services, [parentId]);
  return [...ancestorIdsFrom(parentId, loaded), parentId];
}
