/**
 * The OpenAPI area's operations, mounted once in the registry under `openapi`: an
 * organization's specifications and their versions.
 */
import type { OperationTree } from '../../core/operation';
import { createOpenApiSpec } from './create-openapi-spec';
import { getOpenApiSpec } from './get-openapi-spec';
import { getLatestOpenApiVersion, getOpenApiVersion } from './get-openapi-version';
import { getLatestOpenApiVersionContent, getOpenApiVersionContent } from './get-openapi-version-content';
import { listOpenApiSpecs } from './list-openapi-specs';
import { listOpenApiVersions } from './list-openapi-versions';
import { putOpenApiSpec } from './put-openapi-spec';
import { removeOpenApiSpec } from './remove-openapi-spec';
import { updateOpenApiSpec } from './update-openapi-spec';

export const openApiOperations = {
  openapi: {
    list: listOpenApiSpecs,
    create: createOpenApiSpec,
    get: getOpenApiSpec,
    put: putOpenApiSpec,
    update: updateOpenApiSpec,
    remove: removeOpenApiSpec,
    versions: {
      list: listOpenApiVersions,
      latest: getLatestOpenApiVersion,
      get: getOpenApiVersion,
      latestContent: getLatestOpenApiVersionContent,
      content: getOpenApiVersionContent,
    },
  },
} satisfies OperationTree;
