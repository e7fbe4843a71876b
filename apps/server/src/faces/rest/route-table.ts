/**
 * The `/v1` (and `/admin`) route table: one route file per area lists its paths and the
 * operation each calls. The OpenAPI document is generated from this table.
 */
import type { RestRoute } from './route';
import { changeRequestRoutes } from './routes/change-requests';
import { commentRoutes } from './routes/comments';
import { contentRoutes } from './routes/content';
import { gitSyncRoutes } from './routes/git-sync';
import { identityRoutes } from './routes/identity';
import { jobRoutes } from './routes/jobs';
import { linkRoutes } from './routes/links';
import { openApiRoutes } from './routes/openapi';
import { organizationRoutes } from './routes/organizations';
import { searchRoutes } from './routes/search';
import { siteAccessRoutes } from './routes/site-access';
import { siteStructureRoutes } from './routes/site-structure';
import { siteRoutes } from './routes/sites';
import { translationRoutes } from './routes/translations';

export const restRoutes: readonly RestRoute[] = [
  ...identityRoutes,
  ...organizationRoutes,
  ...jobRoutes,
  ...openApiRoutes,
  ...contentRoutes,
  ...changeRequestRoutes,
  ...commentRoutes,
  ...searchRoutes,
  ...linkRoutes,
  ...siteRoutes,
  ...siteStructureRoutes,
  ...siteAccessRoutes,
  ...translationRoutes,
  ...gitSyncRoutes,
];
