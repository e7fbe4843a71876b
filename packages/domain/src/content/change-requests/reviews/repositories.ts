/** The repositories of reviews and merge rules, joined to content's (`content/repositories.ts`). */
import type {
  ChangeRequestQueueRepository,
  ChangeRequestReviewerRepository,
  ChangeRequestReviewRepository,
  MergeRulesRepository,
  ReviewNotificationRepository,
} from './ports';

export interface ReviewRepositories {
  changeRequestReviews: ChangeRequestReviewRepository;
  changeRequestReviewers: ChangeRequestReviewerRepository;
  changeRequestQueue: ChangeRequestQueueRepository;
  mergeRules: MergeRulesRepository;
  reviewNotifications: ReviewNotificationRepository;
}
