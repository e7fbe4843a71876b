/** The repositories of the content area, added to every operation's `ctx.repos`. */
import type { ChangeRequestRepository } from './change-requests/ports';
import type { ReviewRepositories } from './change-requests/reviews/repositories';
import type { CollectionRepository, TreeLockRepository } from './collections/ports';
import type { ContentGrantRepository } from './grants/ports';
import type { SpacePathRedirectRepository } from './path-redirects/ports';
import type { ContentObjectRepository, RevisionRepository } from './revisions/ports';
import type { SpaceRepository } from './spaces/ports';

export interface ContentRepositories extends ReviewRepositories {
  spaces: SpaceRepository;
  collections: CollectionRepository;
  contentGrants: ContentGrantRepository;
  treeLocks: TreeLockRepository;
  changeRequests: ChangeRequestRepository;
  revisions: RevisionRepository;
  contentObjects: ContentObjectRepository;
  spacePathRedirects: SpacePathRedirectRepository;
}

declare module '../core/context' {
  interface Repositories extends ContentRepositories {}
}
