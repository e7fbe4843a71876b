export * from './enqueue-job';
export type * from './job-enqueued-event';
export * from './job-handler';
export * from './job-schema';
export * from './operations';
export type * from './ports';
export * from './records';
export type { JobsRepositories } from './repositories';
export * from './retry-delay';
