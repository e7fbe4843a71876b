/** How the jobs area is served: its routes, its documentation tags and the adapters of its ports. */
import { openJobFiles } from '@quire/persistence';
import { jobRoutes } from '../faces/rest/routes/jobs';
import { defineServerArea } from './server-area';

export const jobsServing = defineServerArea({
  key: 'jobs',
  routes: jobRoutes,
  tags: [
    {
      name: 'Jobs',
      group: 'services',
      prefixes: ['jobs'],
      description:
        'Background work (a Quire extension): processing, imports and other long tasks run as jobs; a job shows ' +
        'its state, progress, attempts, the log of what it did and the error that ended it.',
    },
  ],
  ports: async ({ store, config }) => ({ jobFiles: await openJobFiles(store, config.dataDir) }),
});
