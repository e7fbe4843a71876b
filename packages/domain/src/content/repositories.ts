/** The repositories of the content area, added to every operation's `ctx.repos`. */
import type { CollectionRepository, TreeLockRepository } from './collections/ports';
import type { ContentGrantRepository } from './grants/ports';
import type { SpaceRepository } from './spaces/ports';

export interface ContentRepositories {
  spaces: SpaceRepository;
  collections: CollectionRepository;
  contentGrants: ContentGrantRepository;
  treeLocks: TreeLockRepository;
}

declare module '../core/context' {
  interface Repositories extends ContentRepositories {}
}
