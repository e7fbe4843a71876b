/** How the revalidation area is served: no routes; its port calls the configured renderers. */
import { HttpRendererRevalidation } from '../revalidation/http-renderer-revalidation';
import { defineServerArea } from './server-area';

export const revalidationServing = defineServerArea({
  key: 'revalidation',
  routes: [],
  tags: [],
  ports: ({ config }) => ({ rendererRevalidation: new HttpRendererRevalidation(config.renderers) }),
});
