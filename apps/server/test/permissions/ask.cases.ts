/**
 * The matrix of the ask routes (issue 32, item 4), on a server with no AI provider: whoever
 * may ask is told that none is configured (400), everyone else gets what hides the
 * organization or the site (404; 401 without a token where a token is needed) before that.
 * An organization's answers are for its members and guests (each over the spaces they may
 * view: `test/ask/ask.test.ts`); a site's for whoever may search it.
 */
import { operations, ROLES } from '@quire/domain';
import { anyCaller, byOrganizationRole, bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const ORG = '/v1/orgs/:organizationId';
const SITE = `${ORG}/sites/:siteId`;
const { sites } = operations;

const freshSite = async (f: MatrixFixture) =>
  (await f.run(sites.create, { organizationId: f.organization.id, title: f.unique('Site') })).id;
const siteInput = (f: MatrixFixture, siteId: string) => ({ organizationId: f.organization.id, siteId });
const question = { question: 'How do I start?', scope: { mode: 'default' } };
const NO_PROVIDER = 400;

export const askCases: MatrixCase[] = [
  matrixCase({
    route: `POST ${ORG}/ask`,
    input: (f) => ({ organizationId: f.organization.id, query: 'How do I start?' }),
    expected: byOrganizationRole([...ROLES, 'guest'], NO_PROVIDER),
    rule: "an organization's members and guests ask (over the spaces they may view); no provider is a 400",
  }),
  matrixCase({
    route: `GET ${ORG}/ask/stream`,
    input: (f) => ({ organizationId: f.organization.id, query: 'How do I start?' }),
    expected: byOrganizationRole([...ROLES, 'guest'], NO_PROVIDER),
  }),
  matrixCase({
    route: `GET ${ORG}/ask/questions`,
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
  matrixCase({
    route: `GET ${ORG}/ask/questions/stream`,
    input: (f) => ({ organizationId: f.organization.id }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
  }),
  matrixCase({
    route: `POST ${SITE}/ask`,
    title: 'an unpublished site',
    prepare: freshSite,
    input: (f, siteId: string) => ({ ...siteInput(f, siteId), ...question }),
    expected: { ...bySiteRole(ROLES, NO_PROVIDER), anonymous: 404 },
    rule: 'a site is asked by whoever may search it: its members preview it, no one else',
  }),
  matrixCase({
    route: `POST ${SITE}/ask`,
    title: 'a published public site',
    prepare: async (f) => {
      const siteId = await freshSite(f);
      await f.run(sites.publish, siteInput(f, siteId));
      return siteId;
    },
    input: (f, siteId: string) => ({ ...siteInput(f, siteId), ...question }),
    expected: { ...anyCaller(NO_PROVIDER), anonymous: NO_PROVIDER },
    siteToken: NO_PROVIDER,
    faces: ['rest', 'trpc'],
    rule: 'a published public site is asked by anyone',
  }),
];
