/**
 * Every area as the server serves it, in the domain's order: the one place the server
 * enumerates areas. The route table, the API tags and the services' adapters are derived
 * from it; a test (`test/architecture/area-lists.test.ts`) fails when a domain area is
 * missing here or the two orders differ.
 */
import { askServing } from './ask';
import { auditServing } from './audit';
import { commentsServing } from './comments';
import { contentServing } from './content';
import { filesServing } from './files';
import { gitSyncServing } from './git-sync';
import { identityServing } from './identity';
import { insightsServing } from './insights';
import { jobsServing } from './jobs';
import { linksServing } from './links';
import { openapiServing } from './openapi';
import { organizationDeletionServing } from './organization-deletion';
import { organizationsServing } from './organizations';
import { publishingServing } from './publishing';
import { redirectsServing } from './redirects';
import { revalidationServing } from './revalidation';
import { searchServing } from './search';
import { translationsServing } from './translations';
import { webhooksServing } from './webhooks';

export const serverAreas = [
  identityServing,
  organizationsServing,
  auditServing,
  jobsServing,
  openapiServing,
  filesServing,
  contentServing,
  commentsServing,
  linksServing,
  searchServing,
  publishingServing,
  redirectsServing,
  insightsServing,
  revalidationServing,
  translationsServing,
  gitSyncServing,
  webhooksServing,
  askServing,
  organizationDeletionServing,
] as const;
