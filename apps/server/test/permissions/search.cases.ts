/**
 * The matrix of the search routes: a space's search needs view on the space (who cannot
 * view it gets 404, as for a space that does not exist); an organization's search is open
 * to every member and guest, each finding only the spaces they can view
 * (organization-search.test.ts checks what each finds).
 */
import { ROLES } from '@quire/domain';
import { byItemRole, byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';

export const searchCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/search',
    input: (f) => ({ spaceId: f.content.space, query: 'anything' }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/search',
    input: (f) => ({ organizationId: f.organization.id, query: 'anything' }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
];
