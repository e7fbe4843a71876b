/** The publishing area: published sites: their structure, customization, visitors' access and the published view. */
import { defineArea } from '../core/area-declaration';
import { SITE_RULES } from '../policies/site-policy';
import { publishingOperations } from './operations';

export const publishingArea = defineArea({
  key: 'publishing',
  // Search: a site's search looks in its spaces' indexes.
  buildsOn: ['content', 'search'],
  operations: publishingOperations,
  repositories: ['sites', 'customHostnames', 'proxyHosts'],
  ports: [],
  policy: { site: SITE_RULES },
});
