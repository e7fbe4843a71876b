/**
 * The content tree as the store holds it, read past every rule: to check where things are
 * (a move's result, the order of siblings) and that a refused request changed nothing.
 */
import type { CollectionRecord, SpaceRecord } from '@quire/domain';
import type { QuireUnderTest } from './test-domain';

type Quire = Pick<QuireUnderTest, 'services'>;

/** The stored record of a space (null once purged). */
export const storedSpace = (quire: Quire, spaceId: string): Promise<SpaceRecord | null> =>
  quire.services.repos.spaces.findById(spaceId);

/** Everything the move and transfer operations may change, read straight from the store. */
export async function snapshotOf(
  quire: Quire,
  collectionIds: readonly string[],
  spaceIds: readonly string[] = [],
): Promise<{ collections: CollectionRecord[]; spaces: SpaceRecord[] }> {
  const byId = <T extends { id: string }>(items: T[]) => items.sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    collections: byId(await quire.services.repos.collections.findByIds(collectionIds)),
    spaces: byId(await quire.services.repos.spaces.findByIds(spaceIds)),
  };
}

/** The ids under a parent (or the top level) in sibling order, as `kind:id`. */
export async function siblingOrder(
  quire: Quire,
  organizationId: string,
  parentId?: string,
): Promise<string[]> {
  // Every sibling, read the way the positions module reads a few (tests' levels are small).
  const range = { organizationId, parentId, direction: 'up' as const, liveOnly: true, limit: 10_000 };
  const [spaces, collections] = await Promise.all([
    quire.services.repos.spaces.listSiblingRange(range),
    quire.services.repos.collections.listSiblingRange(range),
  ]);
  return [
    ...spaces.map((s) => ({ key: `space:${s.id}`, position: s.position })),
    ...collections.map((c) => ({ key: `collection:${c.id}`, position: c.position })),
  ]
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.key < b.key ? -1 : 1))
    .map((s) => s.key);
}
