/**
 * Walking the collection tree through parent links. Subtrees are found by parent id alone,
 * whatever the organization, so a delete or a transfer that stopped half-way (no
 * multi-document transactions) is completed by running it again.
 */
import type { DomainServices } from '../../core/context';
import { ancestorIdsFrom, loadCollectionChains } from '../../policies/collection-chain';

/**
 * Ids of every collection below `rootId` (not the root), level by level (children first):
 * one query per level. Removing the deepest level first never leaves a collection whose
 * parent is gone, so a retry still reaches everything left.
 */
export async function descendantLevels(
  services: Pick<DomainServices, 'repos'>,
  rootId: string,
): Promise<string[][]> {
  const levels: string[][] = [];
  const seen = new Set([rootId]);
  let level = [rootId];
  for (;;) {
    const children = (await services.repos.collections.listChildIds(level)).filter((id) => !seen.has(id));
    if (children.length === 0) return levels;
    for (const id of children) seen.add(id);
    levels.push(children);
    level = children;
  }
}

/**
 * Rewrites the ancestor lists of every collection below `rootId` for the root's new place
 * (`rootAncestorIds`: the root's own list there), walking down by parent links: one read
 * per level, and one write per collection that has children (siblings share a list). The
 * root's own list is written by whoever places it. Running it again gives the same lists,
 * so a retry repairs a move that stopped half-way.
 */
export async function rewriteDescendantAncestors(
  services: Pick<DomainServices, 'repos'>,
  rootId: string,
  rootAncestorIds: readonly string[],
): Promise<void> {
  const ancestorsOf = new Map<string, string[]>([[rootId, [...rootAncestorIds]]]);
  let level = [rootId];
  while (level.length > 0) {
    const links = (await services.repos.collections.listChildLinks(level)).filter(
      (link) => !ancestorsOf.has(link.id),
    );
    const childrenOf = new Map<string, string[]>();
    for (const link of links)
      childrenOf.set(link.parentId, [...(childrenOf.get(link.parentId) ?? []), link.id]);
    await Promise.all(
      [...childrenOf].map(([parentId, childIds]) => {
        const ancestorIds = [...(ancestorsOf.get(parentId) ?? []), parentId];
        for (const id of childIds) ancestorsOf.set(id, ancestorIds);
        return services.repos.collections.setAncestorIds(childIds, ancestorIds);
      }),
    );
    level = links.map((link) => link.id);
  }
}

/**
 * True when `collectionId` is `candidateId` or one of its ancestors, following parent links
 * (read through the ancestor lists: usually two queries).
 */
export async function isSelfOrAncestor(
  services: Pick<DomainServices, 'repos'>,
  collectionId: string,
  candidateId: string,
): Promise<boolean> {
  if (collectionId === candidateId) return true;
  const loaded = await loadCollectionChains(services, [candidateId]);
  return ancestorIdsFrom(candidateId, loaded).includes(collectionId);
}
