/** The search area: full-text search of a space and of the spaces of an organization. */
import { defineArea } from '../core/area-declaration';
import { searchOperations } from './operations';

export const searchArea = defineArea({
  key: 'search',
  buildsOn: ['organizations', 'content'],
  operations: searchOperations,
  repositories: [],
  ports: ['contentSearch'],
});
