/** How the links area is served: its routes, its documentation tags. */
import { linkRoutes } from '../faces/rest/routes/links';
import { defineServerArea } from './server-area';

export const linksServing = defineServerArea({
  key: 'links',
  routes: linkRoutes,
  tags: [
    {
      name: 'Links',
      group: 'content',
      prefixes: ['spaces.links', 'spaces.content.page.links', 'spaces.content.files.backlinks'],
      description:
        'Link reports: every link of every page classified as ok, broken or in-app, for a space or a change ' +
        'request (before it is merged), the links of one page, and the pages that link to or embed a file.',
    },
  ],
});
