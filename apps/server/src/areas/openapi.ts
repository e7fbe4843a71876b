/** How the openapi area is served: its routes, its documentation tags and the adapters of its ports. */
import { openApiRoutes } from '../faces/rest/routes/openapi';
import { ServerOpenApiProcessor } from '../openapi/server-openapi-processor';
import { defineServerArea } from './server-area';

export const openapiServing = defineServerArea({
  key: 'openapi',
  routes: openApiRoutes,
  tags: [
    {
      name: 'OpenAPI specifications',
      group: 'services',
      prefixes: ['openapi'],
      description:
        "An organization's OpenAPI descriptions, by slug: each upload (a URL or the text) is fetched, parsed and " +
        'validated by a job; each one processed without error becomes a version with its files.',
    },
  ],
  ports: ({ config, jobThreads }) => ({
    openApiProcessor: new ServerOpenApiProcessor(jobThreads, {
      ...config.openApi,
      allowHosts: config.fetchAllowHosts,
    }),
  }),
});
