/**
 * Every area of the domain, in the order they build on each other: the one place the domain
 * enumerates its areas. Each line names an area twice, in one place: its public API (export)
 * and its declaration (`<area>/area.ts`). The registry, the job handlers and the dependency
 * rule's area order (`scripts/check-dependency-rule.mjs` reads this list) are derived from
 * `domainAreas`; a test fails when a folder with an `area.ts` is missing here.
 */
import { askArea } from './ask/area';
import { auditArea } from './audit/area';
import { commentsArea } from './comments/area';
import { contentArea } from './content/area';
import { checkAreaOrder } from './core/area-declaration';
import { filesArea } from './files/area';
import { gitSyncArea } from './git-sync/area';
import { identityArea } from './identity/area';
import { insightsArea } from './insights/area';
import { jobsArea } from './jobs/area';
import { linksArea } from './links/area';
import { openapiArea } from './openapi/area';
import { organizationDeletionArea } from './organization-deletion/area';
import { organizationsArea } from './organizations/area';
import { publishingArea } from './publishing/area';
import { redirectsArea } from './redirects/area';
import { revalidationArea } from './revalidation/area';
import { searchArea } from './search/area';
import { translationsArea } from './translations/area';
import { webhooksArea } from './webhooks/area';

export * from './ask';
export * from './audit';
export * from './comments';
export * from './content';
export * from './files';
export * from './git-sync';
export * from './identity';
export * from './insights';
export * from './jobs';
export * from './links';
export * from './openapi';
export * from './organization-deletion';
export * from './organizations';
export * from './publishing';
export * from './redirects';
export * from './revalidation';
export * from './search';
export * from './translations';
export * from './webhooks';

/** The areas, each after those it builds on (checked when this module loads). */
export const domainAreas = [
  identityArea,
  organizationsArea,
  auditArea,
  jobsArea,
  openapiArea,
  filesArea,
  contentArea,
  commentsArea,
  linksArea,
  searchArea,
  publishingArea,
  redirectsArea,
  insightsArea,
  revalidationArea,
  translationsArea,
  gitSyncArea,
  webhooksArea,
  askArea,
  organizationDeletionArea,
] as const;

checkAreaOrder(domainAreas);

export type DomainAreaKey = (typeof domainAreas)[number]['key'];
