/** The OpenAPI area's repositories and their indexes. */
import type { OpenApiRepositories } from '@quire/domain';
import type { CollectionIndexes, StoreDatabase } from '@quire/store';
import { MongoOpenApiSpecRepository, openApiSpecIndexes } from './openapi-spec-repository';
import { MongoOpenApiVersionRepository, openApiVersionIndexes } from './openapi-version-repository';

export const openApiIndexes: CollectionIndexes[] = [...openApiSpecIndexes, ...openApiVersionIndexes];

export const openApiRepositories = (db: StoreDatabase): OpenApiRepositories => ({
  openApiSpecs: new MongoOpenApiSpecRepository(db),
  openApiVersions: new MongoOpenApiVersionRepository(db),
});
