/**
 * The permission matrix covers the route table: every route has at least one case, and
 * every case names a route. The routes come from the table itself, so a new route fails
 * here until its case is written.
 */
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { routeKey } from '../support/faces/call-faces';
import { changeRequestCases } from './change-requests.cases';
import { collectionCases } from './collections.cases';
import { commentCases } from './comments.cases';
import { contentCases } from './content.cases';
import { contentPermissionCases } from './content-permissions.cases';
import { derivedSpaceCases } from './derived-spaces.cases';
import { gitSyncCases } from './git-sync.cases';
import { identityCases } from './identity.cases';
import { jobCases } from './jobs.cases';
import { linkCases } from './links.cases';
import { openApiCases } from './openapi.cases';
import { organizationSettingCases } from './organization-settings.cases';
import { organizationCases } from './organizations.cases';
import { searchCases } from './search.cases';
import { siteAccessCases } from './site-access.cases';
import { siteStructureCases } from './site-structure.cases';
import { siteCases } from './sites.cases';
import { spaceCases } from './spaces.cases';
import { teamCases } from './teams.cases';
import { translationCases } from './translations.cases';

const cases = [
  ...identityCases,
  ...organizationCases,
  ...jobCases,
  ...openApiCases,
  ...teamCases,
  ...organizationSettingCases,
  ...collectionCases,
  ...spaceCases,
  ...contentPermissionCases,
  ...changeRequestCases,
  ...contentCases,
  ...commentCases,
  ...siteCases,
  ...siteAccessCases,
  ...siteStructureCases,
  ...linkCases,
  ...searchCases,
  ...translationCases,
  ...gitSyncCases,
  ...derivedSpaceCases,
];

describe('the permission matrix', () => {
  it('has a case for every route of the route table', () => {
    const covered = new Set(cases.map((matrixCase) => matrixCase.route));
    const missing = restRoutes.map(routeKey).filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  it('names only routes of the route table', () => {
    const routes = new Set(restRoutes.map(routeKey));
    const unknown = cases.map((matrixCase) => matrixCase.route).filter((key) => !routes.has(key));
    expect(unknown).toEqual([]);
  });
});
