/**
 * The suite covers the areas' routes: every `/v1` route of the organization, team, SSO,
 * invite-link, collection, space and permission tables, and of the identity table (GET
 * /v1/user, /v1/users/{userId}), that GitBook's document defines is driven by a test of
 * this folder through the official client (read from the `expectConforms` calls of the
 * case files, so the list cannot drift from what runs). Routes GitBook does not define are
 * listed by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionRoutes } from '../../src/faces/rest/routes/collections';
import { contentPermissionRoutes } from '../../src/faces/rest/routes/content-permissions';
import { identityRoutes } from '../../src/faces/rest/routes/identity';
import { inviteLinkRoutes } from '../../src/faces/rest/routes/invite-links';
import { organizationRoutes } from '../../src/faces/rest/routes/organizations';
import { spaceRoutes } from '../../src/faces/rest/routes/spaces';
import { ssoRoutes } from '../../src/faces/rest/routes/sso';
import { teamRoutes } from '../../src/faces/rest/routes/teams';
import { operationAt } from './openapi-spec';

/** Quire's own routes in these tables, absent from GitBook's document. */
const QUIRE_ONLY = ['POST /v1/orgs', 'GET /v1/user/tokens', 'DELETE /v1/user/tokens/:tokenId'];

const here = dirname(fileURLToPath(import.meta.url));
const exercised = new Set(
  readdirSync(here)
    .filter((name) => name.endsWith('.cases.ts'))
    .flatMap((name) => [
      ...readFileSync(`${here}/${name}`, 'utf8').matchAll(/expectConforms\([^,]+,\s*'(\w+)'/g),
    ])
    .map((match) => match[1]),
);

const routes = [
  ...organizationRoutes,
  ...teamRoutes,
  ...ssoRoutes,
  ...inviteLinkRoutes,
  ...identityRoutes,
  ...collectionRoutes,
  ...spaceRoutes,
  ...contentPermissionRoutes,
].filter((route) => route.path.startsWith('/v1/'));

describe('coverage of the organization area by the official client', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (name, route) => {
    const operation = operationAt(route.method, route.path.replace(/^\/v1/, ''));
    if (!operation) {
      expect(QUIRE_ONLY, `${name} is not in GitBook's document`).toContain(name);
      return;
    }
    expect([...exercised], `${operation.operationId} is driven through the client`).toContain(
      operation.operationId,
    );
  });

  it('lists as Quire-only nothing that is not a route', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const name of QUIRE_ONLY) expect(names).toContain(name);
  });
});
