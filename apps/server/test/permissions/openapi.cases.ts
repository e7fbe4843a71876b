/**
 * The matrix of the OpenAPI specification routes. Specs follow the organization role: any
 * role reads them and their versions, `create` and above upload, change and delete them;
 * guests (grants on content included) see none. A 'public' spec and its versions are read
 * by anyone, anonymous visitors included, and changed by no one more. A site API token's
 * visitor reads the newest version of a spec the published content they are shown names
 * (GitBook's renderer reads it to show the page's OpenAPI blocks), and no other spec, public
 * or not, nor an older version.
 */
import { operations, ROLES } from '@quire/domain';
import { anyCaller, byOrganizationRole, bySiteRole, each } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const TEXT = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Matrix API', version: '1.0.0' },
  paths: { '/ping': { get: { responses: { '200': { description: 'Pong' } } } } },
});

const slugOf = (f: MatrixFixture) => f.unique('spec').replace(/[^a-z0-9]+/g, '-');

/** A spec uploaded as text, once its upload is processed (a version exists). */
async function processedSpec(f: MatrixFixture): Promise<string> {
  const slug = slugOf(f);
  await f.run(operations.openapi.create, { organizationId: f.organization.id, slug, source: { text: TEXT } });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const spec = (await f.read(operations.openapi.get, {
      organizationId: f.organization.id,
      specSlug: slug,
    })) as {
      lastVersion?: string;
    };
    if (spec.lastVersion) return slug;
    if (Date.now() > deadline) throw new Error(`spec ${slug} was not processed within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A spec whose upload is processed: a refused call is checked to change nothing, and a job
 * still processing the spec would change it meanwhile.
 */
const freshSpec = processedSpec;
const specAsAdmin = (f: MatrixFixture, slug: string) =>
  f.read(operations.openapi.get, { organizationId: f.organization.id, specSlug: slug });
const specCount = async (f: MatrixFixture) =>
  ((await f.run(operations.openapi.list, { organizationId: f.organization.id })) as { count: number }).count;

const SPECS = '/v1/orgs/:organizationId/openapi';
const SPEC = `${SPECS}/:specSlug`;
const EDITORS = ['admin', 'create'] as const;

const versionId = async (f: MatrixFixture, slug: string) =>
  ((await specAsAdmin(f, slug)) as { lastVersion: string }).lastVersion;

/** A processed spec and its version, and the input naming that version. */
const processedVersion = async (f: MatrixFixture) => {
  const slug = await processedSpec(f);
  return { slug, version: await versionId(f, slug) };
};
const versionInput = (f: MatrixFixture, p: { slug: string; version: string }) => ({
  organizationId: f.organization.id,
  specSlug: p.slug,
  versionId: p.version,
});

/** The reads of a private spec: its organization's members with a role; anyone else, 404. */
const privateSpecReaders = { ...bySiteRole(ROLES, 200), anonymous: 404 } as const;

/** A processed spec made public. */
async function publicSpec(f: MatrixFixture): Promise<string> {
  const slug = await processedSpec(f);
  await f.run(operations.openapi.update, {
    organizationId: f.organization.id,
    specSlug: slug,
    visibility: 'public',
  });
  return slug;
}

/** A processed spec that a page of the space the site token's visitor is shown names. */
async function publishedSpec(f: MatrixFixture): Promise<string> {
  const slug = await processedSpec(f);
  await f.run(operations.spaces.content.update, {
    spaceId: f.visited.spaceId,
    changes: [
      {
        operation: 'insert_page',
        title: `Ping ${slug}`,
        document: {
          markdown: `{% openapi-operation spec="${slug}" path="/ping" method="get" %}\n{% endopenapi-operation %}\n`,
        },
      },
    ],
  });
  return slug;
}

/** A spec the visited site's page names, uploaded twice: its first version is no longer the newest. */
async function publishedSpecOldVersion(f: MatrixFixture) {
  const slug = await publishedSpec(f);
  const first = await versionId(f, slug);
  await f.run(operations.openapi.put, {
    organizationId: f.organization.id,
    specSlug: slug,
    source: { text: TEXT.replace('1.0.0', '1.0.1') },
  });
  const deadline = Date.now() + 15_000;
  while ((await versionId(f, slug)) === first) {
    if (Date.now() > deadline) throw new Error(`spec ${slug} was not processed again within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { slug, version: first };
}

const SITE_READS = 'a site token reads the newest version of a spec its published pages name, nothing else';

export const openApiCases: MatrixCase[] = [
  ...[`${SPEC}/versions/latest/content`].flatMap((path) => [
    matrixCase({
      route: `GET ${path}`,
      title: "a spec the site token's published page names",
      prepare: publishedSpec,
      input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
      expected: privateSpecReaders,
      siteToken: 200,
      rule: SITE_READS,
    }),
    matrixCase({
      route: `GET ${path}`,
      title: 'a spec no published page names',
      prepare: processedSpec,
      input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
      expected: privateSpecReaders,
      siteToken: 404,
      rule: SITE_READS,
    }),
    matrixCase({
      route: `GET ${path}`,
      title: 'a public spec no published page names',
      prepare: publicSpec,
      input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
      expected: { ...anyCaller(200), anonymous: 200 },
      siteToken: 404,
      rule: SITE_READS,
    }),
  ]),
  ...[`${SPEC}/versions/:versionId/content`].flatMap((path) => [
    matrixCase({
      route: `GET ${path}`,
      title: "the newest version of a spec the site token's published page names",
      prepare: async (f) => {
        const slug = await publishedSpec(f);
        return { slug, version: await versionId(f, slug) };
      },
      input: versionInput,
      expected: privateSpecReaders,
      siteToken: 200,
      rule: SITE_READS,
    }),
    matrixCase({
      route: `GET ${path}`,
      title: "an older version of a spec the site token's published page names",
      prepare: publishedSpecOldVersion,
      input: versionInput,
      expected: privateSpecReaders,
      siteToken: 404,
      rule: SITE_READS,
    }),
  ]),
  matrixCase({
    route: `GET ${SPECS}`,
    input: (f) => ({ organizationId: f.organization.id }),
    // Guests are members: the list answers, empty.
    expected: {
      ...byOrganizationRole(ROLES, 200),
      ...each(['guest', 'guestWithGrant', 'ancestorGrant'], 200),
    },
  }),
  matrixCase({
    route: `POST ${SPECS}`,
    input: (f) => ({ organizationId: f.organization.id, slug: slugOf(f), source: { text: TEXT } }),
    observe: specCount,
    expected: bySiteRole([...EDITORS], 201),
  }),
  matrixCase({
    route: `GET ${SPEC}`,
    prepare: freshSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `PUT ${SPEC}`,
    prepare: freshSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug, source: { text: TEXT } }),
    observe: specAsAdmin,
    expected: bySiteRole([...EDITORS], 200),
  }),
  matrixCase({
    route: `PATCH ${SPEC}`,
    prepare: freshSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug, visibility: 'public' }),
    observe: specAsAdmin,
    expected: bySiteRole([...EDITORS], 200),
  }),
  matrixCase({
    route: `DELETE ${SPEC}`,
    prepare: freshSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    observe: specCount,
    expected: bySiteRole([...EDITORS], 204),
  }),
  matrixCase({
    route: `GET ${SPEC}/versions`,
    prepare: processedSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `GET ${SPEC}/versions/latest`,
    prepare: processedSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `GET ${SPEC}/versions/latest/content`,
    prepare: processedSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `GET ${SPEC}/versions/:versionId`,
    prepare: processedVersion,
    input: versionInput,
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `GET ${SPEC}/versions/:versionId/content`,
    prepare: processedVersion,
    input: versionInput,
    expected: privateSpecReaders,
  }),
  matrixCase({
    route: `GET ${SPEC}`,
    title: 'a public spec',
    prepare: publicSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: { ...anyCaller(200), anonymous: 200 },
    rule: 'a public spec is read by anyone, with or without a token',
  }),
  matrixCase({
    route: `GET ${SPEC}/versions/latest/content`,
    title: 'a public spec',
    prepare: publicSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug }),
    expected: { ...anyCaller(200), anonymous: 200 },
    rule: 'a public spec is read by anyone, with or without a token',
  }),
  matrixCase({
    route: `PATCH ${SPEC}`,
    title: 'a public spec',
    prepare: publicSpec,
    input: (f, specSlug: string) => ({ organizationId: f.organization.id, specSlug, visibility: 'private' }),
    observe: specAsAdmin,
    expected: {
      ...bySiteRole([...EDITORS], 200),
      ...each(['guest', 'guestWithGrant', 'ancestorGrant', 'otherOrganization', 'instanceAdmin'], 403),
    },
    rule: 'anyone may read a public spec; changing it stays with those who may create specs',
  }),
];
