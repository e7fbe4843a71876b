/** The redirects area: the paths of a site that send visitors elsewhere, and which one answers a path. */
import { defineArea } from '../core/area-declaration';
import { redirectsOperations } from './operations';

export const redirectsArea = defineArea({
  key: 'redirects',
  // Destinations are parts of a site (publishing) and pages of its spaces' content.
  buildsOn: ['content', 'publishing'],
  operations: redirectsOperations,
  repositories: ['siteRedirects'],
  ports: [],
  // No rule table of its own: who may read and change a site's redirects is the site's rules (`policies/site-policy.ts`).
});
