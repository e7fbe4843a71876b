/**
 * The `/v1` (and `/admin`) route table: each area lists its paths and the operation each
 * calls. The OpenAPI document is generated from this table.
 */

import type { RestRoute } from './route';
import { collectionRoutes } from './routes/collections';
import { contentPermissionRoutes } from './routes/content-permissions';
import { identityRoutes } from './routes/identity';
import { inviteLinkRoutes } from './routes/invite-links';
import { organizationRoutes } from './routes/organizations';
import { spaceRoutes } from './routes/spaces';
import { ssoRoutes } from './routes/sso';
import { teamRoutes } from './routes/teams';

export const restRoutes: readonly RestRoute[] = [
  ...identityRoutes,
  ...organizationRoutes,
  ...teamRoutes,
  ...inviteLinkRoutes,
  ...ssoRoutes,
  ...collectionRoutes,
  ...spaceRoutes,
  ...contentPermissionRoutes,
];
