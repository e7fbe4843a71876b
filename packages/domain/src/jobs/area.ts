/** The jobs area: work done after the request: the job queue, its records and the bytes jobs take as input. */
import { defineArea } from '../core/area-declaration';
import { jobsOperations } from './operations';

export const jobsArea = defineArea({
  key: 'jobs',
  buildsOn: [],
  operations: jobsOperations,
  repositories: ['jobs'],
  ports: ['jobFiles'],
});
