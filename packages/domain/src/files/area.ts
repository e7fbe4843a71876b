/** The files area: where file bytes live (the content-addressed blob store) and how they are brought in from outside. */
import { defineArea } from '../core/area-declaration';

export const filesArea = defineArea({
  key: 'files',
  buildsOn: [],
  operations: {},
  repositories: [],
  ports: ['incomingFiles'],
});
