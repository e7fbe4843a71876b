/**
 * The organization-deletion area: deleting an organization and purging what it held. An area
 * of its own, last, because the purge reaches the data of every area before it.
 */
import { defineArea } from '../core/area-declaration';
import { organizationDeletionOperations } from './operations';
import { organizationDeletionJobHandlers } from './purge-organization-job';

export const organizationDeletionArea = defineArea({
  key: 'organization-deletion',
  buildsOn: ['organizations', 'jobs'],
  operations: organizationDeletionOperations,
  jobHandlers: organizationDeletionJobHandlers,
  repositories: ['organizationData'],
  ports: [],
  // No rule table: the organization's (`admin`) decides who deletes it.
});
