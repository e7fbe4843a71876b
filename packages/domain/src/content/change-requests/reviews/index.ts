/** Reviews of change requests, requested reviewers, the organization's queue and the merge rules. */
export * from './limits';
export * from './merge-check';
export * from './merge-rules';
export * from './merge-rules-schema';
export * from './notifications';
export * from './ports';
export * from './records';
export type { ReviewRepositories } from './repositories';
export * from './review-schema';
export * from './review-state';
