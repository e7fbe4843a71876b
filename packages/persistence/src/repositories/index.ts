/**
 * Every repository of the domain, written once against the store's collection API, so the
 * same code runs on the embedded engine and on MongoDB; built from the areas' entries
 * (`../areas.ts`).
 */
import type { Repositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { persistenceAreas } from '../areas';

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** What the areas' entries build together: a compile error below when it is not `Repositories`. */
type BuiltRepositories = UnionToIntersection<ReturnType<(typeof persistenceAreas)[number]['repositories']>>;

/** The indexes of every repository, created at startup on either engine by `ensureIndexes`. */
export const repositoryIndexes: CollectionIndexes[] = persistenceAreas.flatMap((area) => area.indexes);

export function createRepositories(db: StoreDatabase): Repositories {
  const built = Object.assign(
    {},
    ...persistenceAreas.map((area) => area.repositories(db)),
  ) as BuiltRepositories;
  return built satisfies Repositories;
}
