/**
 * The matrix of the URL lookups and of what a site API token reads. An address of the app
 * (`GET /v1/urls/content`) shows what the space's own read shows the caller. The published lookup is
 * open to anyone: a published public site resolves for every caller (a site API token's
 * bearer asks as an anonymous visitor); an unpublished one only for members with a role, who
 * preview it. The `siteToken` caller reads the site it visits and the space that site shows
 * (the space, its content, pages, revisions, search, the published view), and nothing more:
 * everyone else gets what their role gives on that space and site.
 */
import { operations, ROLES } from '@quire/domain';
import { anyCaller, byItemRole, bySiteRole, unchanged } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const { sites } = operations;

const siteUrl = (f: MatrixFixture, siteId: string) =>
  `${f.server.services.urls.app}/~sites/${f.organization.id}/${siteId}/`;

const freshSite = async (f: MatrixFixture, published: boolean) => {
  const spaceId = await f.freshSpace();
  const site = await f.run(sites.create, {
    organizationId: f.organization.id,
    title: f.unique('Site'),
    spaces: [spaceId],
  });
  if (published) await f.run(sites.publish, { organizationId: f.organization.id, siteId: site.id });
  return site.id;
};

const siteState = (f: MatrixFixture, siteId: string) =>
  f.read(sites.get, { organizationId: f.organization.id, siteId });

/** The visited site's space: placed as every item is, so roles and grants give what they give on any item. */
const visitedSpace = (f: MatrixFixture) => ({ spaceId: f.visited.spaceId });

export const urlLookupCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/urls/content',
    input: (f) => ({ url: `${f.server.services.urls.app}/o/${f.organization.id}/s/${f.content.space}` }),
    expected: byItemRole('read', 200),
    rule: "an address of the app shows the space as the space's own read does",
  }),
  matrixCase({
    route: 'POST /v1/urls/published',
    title: 'a published public site',
    prepare: (f) => freshSite(f, true),
    input: (f, siteId: string) => ({ url: siteUrl(f, siteId) }),
    observe: siteState,
    expected: { ...anyCaller(unchanged(200)), anonymous: unchanged(200) },
    siteToken: unchanged(200),
    faces: ['rest', 'trpc', 'graphql'],
    rule: 'anyone resolves a published public site; a site token asks as an anonymous visitor',
  }),
  matrixCase({
    route: 'POST /v1/urls/published',
    title: 'an unpublished site',
    prepare: (f) => freshSite(f, false),
    input: (f, siteId: string) => ({ url: siteUrl(f, siteId) }),
    observe: siteState,
    expected: { ...bySiteRole(ROLES, unchanged(200)), anonymous: 404 },
    siteToken: 404,
    rule: 'members with a role preview it; for anyone else, a site token included, no content is there',
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId',
    title: "the site token's space",
    input: visitedSpace,
    expected: byItemRole('read', 200),
    siteToken: 200,
    rule: 'the space the site shows its visitor',
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/content/pages',
    title: "the site token's space",
    input: visitedSpace,
    expected: byItemRole('read', 200),
    siteToken: 200,
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/revisions',
    title: "the site token's space",
    input: visitedSpace,
    expected: byItemRole('read', 200),
    siteToken: 200,
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/search',
    title: "the site token's space",
    input: (f) => ({ ...visitedSpace(f), query: 'anything' }),
    expected: byItemRole('read', 200),
    siteToken: 200,
  }),
  matrixCase({
    route: 'PATCH /v1/spaces/:spaceId',
    title: "the site token's space",
    input: (f) => ({ ...visitedSpace(f), title: f.unique('Visited') }),
    observe: (f) => f.read(operations.spaces.get, visitedSpace(f)),
    expected: byItemRole('admin', 200),
    siteToken: 403,
    rule: 'a site token changes nothing, even on its own space',
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sites/:siteId/published',
    title: "the site token's site",
    input: (f) => ({ organizationId: f.organization.id, siteId: f.visited.siteId }),
    expected: { ...anyCaller(200), anonymous: 200 },
    siteToken: 200,
    faces: ['rest', 'trpc'],
    rule: 'a published public site is shown to anyone; the site token sees it as its visitor',
  }),
];
