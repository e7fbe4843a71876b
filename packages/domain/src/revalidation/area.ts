/**
 * The revalidation area: telling the docs renderers that serve Quire's sites which of what
 * they keep changed (GitBook's cache tags), through jobs that survive restarts.
 */
import { defineArea } from '../core/area-declaration';
import { revalidationJobHandlers } from './revalidate-renderers-job';

export const revalidationArea = defineArea({
  key: 'revalidation',
  buildsOn: ['jobs'],
  operations: {},
  jobHandlers: revalidationJobHandlers,
  repositories: [],
  ports: ['rendererRevalidation'],
  // No rule table: no one calls it; changes that happened enqueue it.
});
