/** The openapi area: an organization's OpenAPI specifications, their versions, and the job that processes uploads. */
import { defineArea } from '../core/area-declaration';
import { OPENAPI_SPEC_RULES } from '../policies/openapi-policy';
import { openApiJobHandlers } from './openapi-jobs';
import { openApiOperations } from './operations';

export const openapiArea = defineArea({
  key: 'openapi',
  buildsOn: ['jobs'],
  operations: openApiOperations,
  jobHandlers: openApiJobHandlers,
  repositories: ['openApiSpecs', 'openApiVersions'],
  ports: ['openApiProcessor'],
  policy: { openApiSpec: OPENAPI_SPEC_RULES },
});
