export { organizationDeletionOperations } from './operations';
export * from './operations/delete-organization';
export type * from './ports';
export * from './purge-organization-job';
export type * from './repositories';
export * from './resume-organization-purges';
