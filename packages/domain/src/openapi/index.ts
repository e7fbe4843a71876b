/** The OpenAPI area: an organization's OpenAPI specifications, their versions, and the job that processes uploads. */
export * from './openapi-fields';
export * from './openapi-jobs';
export * from './openapi-processor';
export * from './openapi-spec-schema';
export * from './openapi-version-schema';
export * from './operations';
export type * from './ports';
export type * from './records';
export type { OpenApiRepositories } from './repositories';
