/** The links area: links between pages, files and the web: each revision's link report, and backlinks. */
import { defineArea } from '../core/area-declaration';
import { linkOperations } from './operations';

export const linksArea = defineArea({
  key: 'links',
  buildsOn: ['organizations', 'content'],
  operations: linkOperations,
  repositories: [],
  ports: [],
});
