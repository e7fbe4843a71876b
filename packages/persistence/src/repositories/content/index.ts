/** The content area's repositories and their indexes. */
import type { ContentRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import {
  changeRequestQueueIndexes,
  MongoChangeRequestQueueRepository,
} from './change-request-queue-repository';
import { changeRequestIndexes, MongoChangeRequestRepository } from './change-request-repository';
import {
  changeRequestReviewIndexes,
  MongoChangeRequestReviewRepository,
} from './change-request-review-repository';
import {
  changeRequestReviewerIndexes,
  MongoChangeRequestReviewerRepository,
} from './change-request-reviewer-repository';
import { collectionIndexes, MongoCollectionRepository } from './collection-repository';
import { contentGrantIndexes, MongoContentGrantRepository } from './content-grant-repository';
import { MongoContentObjectRepository } from './content-object-repository';
import { MongoMergeRulesRepository, mergeRulesIndexes } from './merge-rules-repository';
import {
  MongoReviewNotificationRepository,
  reviewNotificationIndexes,
} from './review-notification-repository';
import { MongoRevisionRepository, revisionIndexes } from './revision-repository';
import { MongoSpacePathRedirectRepository, spacePathRedirectIndexes } from './space-path-redirect-repository';
import { MongoSpaceRepository, spaceIndexes } from './space-repository';
import { MongoTreeLockRepository } from './tree-lock-repository';

export const contentIndexes: CollectionIndexes[] = [
  ...spaceIndexes,
  ...collectionIndexes,
  ...contentGrantIndexes,
  ...revisionIndexes,
  ...changeRequestIndexes,
  ...spacePathRedirectIndexes,
  ...changeRequestReviewIndexes,
  ...changeRequestReviewerIndexes,
  ...changeRequestQueueIndexes,
  ...mergeRulesIndexes,
  ...reviewNotificationIndexes,
];

export const contentRepositories = (db: StoreDatabase): ContentRepositories => ({
  spaces: new MongoSpaceRepository(db),
  collections: new MongoCollectionRepository(db),
  contentGrants: new MongoContentGrantRepository(db),
  treeLocks: new MongoTreeLockRepository(db),
  revisions: new MongoRevisionRepository(db),
  contentObjects: new MongoContentObjectRepository(db),
  changeRequests: new MongoChangeRequestRepository(db),
  spacePathRedirects: new MongoSpacePathRedirectRepository(db),
  changeRequestReviews: new MongoChangeRequestReviewRepository(db),
  changeRequestReviewers: new MongoChangeRequestReviewerRepository(db),
  changeRequestQueue: new MongoChangeRequestQueueRepository(db),
  mergeRules: new MongoMergeRulesRepository(db),
  reviewNotifications: new MongoReviewNotificationRepository(db),
});
