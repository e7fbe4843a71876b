export * from './operations';
export type * from './ports';
export * from './records';
export type { PublishingRepositories } from './repositories';
export * from './site-fields';
export * from './site-schema';
export * from './site-structure-schema';
