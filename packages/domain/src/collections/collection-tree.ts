/**
 * Walking the collection tree through parent links. Subtrees are found by parent id alone,
 * whatever the organization, so a delete or a transfer that stopped half-way (no
 * multi-document transactions) is completed by running it again.
 */
import type { DomainServices } from '../operation/context';

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

/** True when `collectionId` is `candidateId` or one of its ancestors (walks up from the candidate). */
export async function isSelfOrAncestor(
  services: Pick<DomainServices, 'repos'>,
  collectionId: string,
  candidateId: string,
): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | undefined = candidateId;
  while (current && !seen.has(current)) {
    if (current === collectionId) return true;
    seen.add(current);
    current = (await services.repos.collections.findById(current))?.parentId;
  }
  return false;
}
