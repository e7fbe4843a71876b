/**
 * The matrix of who reaches a site: share links and visitor authentication are for
 * organization admins (they hold secrets); the adaptive schema is read by any role and set by
 * admins; the published view of an unpublished site is shown to members with a role and
 * hidden (404) from everyone else, anonymous visitors included; its search and its suggested
 * questions follow the published view.
 */
import { operations, ROLES } from '@quire/domain';
import { anyCaller, bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const SITE = '/v1/orgs/:organizationId/sites/:siteId';
const { sites } = operations;

const freshSite = async (f: MatrixFixture) =>
  (await f.run(sites.create, { organizationId: f.organization.id, title: f.unique('Site') })).id;
const siteInput = (f: MatrixFixture, siteId: string) => ({ organizationId: f.organization.id, siteId });

const freshLink = async (f: MatrixFixture) => {
  const siteId = await freshSite(f);
  const link = await f.run(sites.shareLinks.create, { ...siteInput(f, siteId), name: 'Link' });
  return { siteId, shareLinkId: link.id };
};
const linksAsAdmin = (f: MatrixFixture, siteId: string) =>
  f.read(sites.shareLinks.list, siteInput(f, siteId));
const authAsAdmin = (f: MatrixFixture, siteId: string) =>
  f.read(sites.publishingAuth.get, siteInput(f, siteId));
const schemaAsAdmin = (f: MatrixFixture, siteId: string) =>
  f.read(sites.adaptiveSchema.get, siteInput(f, siteId));

export const siteAccessCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${SITE}/share-links`,
    prepare: freshLink,
    input: (f, { siteId }: { siteId: string }) => siteInput(f, siteId),
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `POST ${SITE}/share-links`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ ...siteInput(f, siteId), name: 'Partners' }),
    observe: linksAsAdmin,
    expected: bySiteRole(['admin'], 201),
  }),
  matrixCase({
    route: `PATCH ${SITE}/share-links/:shareLinkId`,
    prepare: freshLink,
    input: (f, link: { siteId: string; shareLinkId: string }) => ({
      ...siteInput(f, link.siteId),
      shareLinkId: link.shareLinkId,
      active: false,
    }),
    observe: (f, link: { siteId: string; shareLinkId: string }) => linksAsAdmin(f, link.siteId),
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `DELETE ${SITE}/share-links/:shareLinkId`,
    prepare: freshLink,
    input: (f, link: { siteId: string; shareLinkId: string }) => ({
      ...siteInput(f, link.siteId),
      shareLinkId: link.shareLinkId,
    }),
    observe: (f, link: { siteId: string; shareLinkId: string }) => linksAsAdmin(f, link.siteId),
    expected: bySiteRole(['admin'], 204),
  }),
  matrixCase({
    route: `GET ${SITE}/publishing/auth`,
    prepare: freshSite,
    input: siteInput,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `PATCH ${SITE}/publishing/auth`,
    prepare: freshSite,
    input: (f, siteId: string) => ({ ...siteInput(f, siteId), fallbackURL: 'https://example.com/login' }),
    observe: authAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `POST ${SITE}/publishing/auth/regenerate`,
    prepare: freshSite,
    input: siteInput,
    observe: authAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `GET ${SITE}/adaptive-schema`,
    prepare: freshSite,
    input: siteInput,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `PUT ${SITE}/adaptive-schema`,
    prepare: freshSite,
    input: (f, siteId: string) => ({
      ...siteInput(f, siteId),
      jsonSchema: {
        type: 'object',
        properties: { beta: { type: 'boolean', description: 'Beta tester' } },
        additionalProperties: false,
      },
    }),
    observe: schemaAsAdmin,
    expected: bySiteRole(['admin'], 200),
  }),
  matrixCase({
    route: `GET ${SITE}/adaptive-schema/template-conditions`,
    prepare: freshSite,
    input: siteInput,
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: `GET ${SITE}/published`,
    title: 'an unpublished site',
    prepare: freshSite,
    input: siteInput,
    expected: { ...bySiteRole(ROLES, 200), anonymous: 404 },
    faces: ['rest', 'trpc'],
    rule: 'members with a role preview it; anyone else is a visitor, for whom it does not exist',
  }),
  matrixCase({
    route: `GET ${SITE}/published`,
    title: 'a published public site',
    prepare: async (f) => {
      const siteId = await freshSite(f);
      await f.run(sites.publish, siteInput(f, siteId));
      return siteId;
    },
    input: siteInput,
    expected: { ...anyCaller(200), anonymous: 200 },
    siteToken: 200,
    faces: ['rest', 'trpc'],
    rule: 'a published public site is shown to anyone, with or without a token (a site token of another site included)',
  }),
  matrixCase({
    route: `POST ${SITE}/search`,
    title: 'an unpublished site',
    prepare: freshSite,
    input: (f, siteId) => ({ ...siteInput(f, siteId), query: 'guide' }),
    expected: { ...bySiteRole(ROLES, 200), anonymous: 404 },
    faces: ['rest', 'trpc'],
    rule: 'a site is searched by whoever is shown its published view: its members preview it, no one else',
  }),
  matrixCase({
    route: `POST ${SITE}/search`,
    title: 'a published public site',
    prepare: async (f) => {
      const siteId = await freshSite(f);
      await f.run(sites.publish, siteInput(f, siteId));
      return siteId;
    },
    input: (f, siteId) => ({ ...siteInput(f, siteId), query: 'guide' }),
    expected: { ...anyCaller(200), anonymous: 200 },
    siteToken: 200,
    faces: ['rest', 'trpc'],
    rule: 'a published public site is searched by anyone (its spaces are what it publishes)',
  }),
  matrixCase({
    route: `GET ${SITE}/ask/questions`,
    title: 'an unpublished site',
    prepare: freshSite,
    input: siteInput,
    expected: { ...bySiteRole(ROLES, 200), anonymous: 404 },
    rule: "a site's suggested questions are asked for by whoever may search it: its members preview it, no one else",
  }),
  matrixCase({
    route: `GET ${SITE}/ask/questions`,
    title: 'a published public site',
    prepare: async (f) => {
      const siteId = await freshSite(f);
      await f.run(sites.publish, siteInput(f, siteId));
      return siteId;
    },
    input: siteInput,
    expected: { ...anyCaller(200), anonymous: 200 },
    siteToken: 200,
    rule: "a published public site's suggested questions (none without an AI provider) are asked for by anyone",
  }),
];
