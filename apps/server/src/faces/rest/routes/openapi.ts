/** The OpenAPI area's routes: an organization's specifications, by slug, and their versions. */
import { openApiOperations } from '@quire/domain';
import { type RestRoute, route } from '../route';

const { openapi } = openApiOperations;
const SPECS = '/v1/orgs/:organizationId/openapi';
const SPEC = `${SPECS}/:specSlug`;
const VERSIONS = `${SPEC}/versions`;

export const openApiRoutes: readonly RestRoute[] = [
  route('GET', SPECS, openapi.list),
  route('POST', SPECS, openapi.create, 201),
  route('GET', SPEC, openapi.get),
  route('PUT', SPEC, openapi.put),
  route('PATCH', SPEC, openapi.update),
  route('DELETE', SPEC, openapi.remove),
  route('GET', VERSIONS, openapi.versions.list),
  // Before `:versionId`: "latest" is not an id.
  route('GET', `${VERSIONS}/latest`, openapi.versions.latest),
  route('GET', `${VERSIONS}/latest/content`, openapi.versions.latestContent),
  route('GET', `${VERSIONS}/:versionId`, openapi.versions.get),
  route('GET', `${VERSIONS}/:versionId/content`, openapi.versions.content),
];
