/** Comments and their replies, on a space or in one of its change requests, with their open-comment counters. */
export * from './comment-body';
export * from './comment-events';
export * from './comment-schema';
export * from './comment-target';
export * from './operations';
export * from './ports';
export * from './reactions';
export * from './records';
export type { CommentsRepositories } from './repositories';
