/** How the redirects area is served: its routes, its documentation tag. */
import { redirectRoutes } from '../faces/rest/routes/redirects';
import { defineServerArea } from './server-area';

export const redirectsServing = defineServerArea({
  key: 'redirects',
  routes: redirectRoutes,
  tags: [
    {
      name: 'Site redirects',
      group: 'publishing',
      prefixes: ['sites.redirects'],
      description:
        'Paths of a site that send visitors elsewhere (a moved page, a retired section): exact paths or a prefix ' +
        'ending in *, to a part of the same site or an http(s) address; drafts to review before they go live, ' +
        'and which redirect answers a given path.',
    },
  ],
});
