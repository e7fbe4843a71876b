/** How the search area is served: its routes, its documentation tags and the adapters of its ports. */
import { searchRoutes } from '../faces/rest/routes/search';
import { MiniSearchContentSearch } from '../search/mini-search-content-search';
import { defineServerArea } from './server-area';

export const searchServing = defineServerArea({
  key: 'search',
  routes: searchRoutes,
  tags: [
    {
      name: 'Search',
      group: 'content',
      prefixes: ['spaces.search', 'spaces.searchInOrganization'],
      description:
        'Full-text search of a space, or of every space the caller can read in an organization: pages ranked ' +
        'by relevance, each with the headings the matches fall under and an excerpt.',
    },
  ],
  ports: () => ({ contentSearch: new MiniSearchContentSearch() }),
});
