/**
 * The matrix of spaces made from other spaces, and of what site listings embed (issue 25,
 * items 5, 6 and 17): a member who may not see the source gets 404 on what is made from it,
 * on the three faces, and does not find it through the organization's search.
 *
 * - A translation's result space carries its source's access: where the source inherits (as
 *   the matrix's items do), it answers as any item (`byItemRole`); where the source's default
 *   level is null, only the organization's admins and the grant holders see it, and members
 *   with a role but no grant get 404, as on the source (`restrictedItem`).
 * - A duplicate takes the original's default level and collection, not its grants (the copy
 *   starts from the inherited access): of a restricted original, only the organization's
 *   admins and the holder of a grant on its collection see it.
 * - Site listings (`SITE/site-spaces`, the published preview of an unpublished site) embed a
 *   restricted space only for who may view it: members with a role but no grant see the
 *   open space alone (`expectData`).
 * - A translation itself (its instructions, stats and spaces) is found only by members with
 *   a role who may view its source.
 * - No operation imports into a new space (imports, templates and Git write into an existing
 *   space, which the content matrix covers).
 *
 * Translations run through a LibreTranslate-compatible fake on 127.0.0.1
 * (`derived-spaces.matrix.test.ts` starts it); each derived space is made once per case.
 */
import { operations, ROLES } from '@quire/domain';
import { expect } from 'vitest';
import {
  byItemRole,
  byOrganizationRole,
  bySiteRole,
  type Expected,
  GRANT_HOLDERS,
} from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixCaller, MatrixFixture } from '../support/matrix/matrix-fixture';

/** A word only the search case's source holds, so the search finds it and its translation, nothing else. */
const SECRET_WORD = 'quetzalcoatlus';

/**
 * Who sees an item whose own default level is null, in the matrix's collection: the
 * organization's admins and the grant holders (on it, through a team, or on its collection);
 * every other member gets 404, as a guest does.
 */
function restrictedItem(ok: number, holders: readonly string[] = GRANT_HOLDERS): Expected {
  const expected = byItemRole('read', ok);
  for (const kind of ['create', 'review', 'edit', 'comment', 'read', 'guest'] as const) expected[kind] = 404;
  for (const kind of GRANT_HOLDERS) expected[kind] = holders.includes(kind) ? ok : 404;
  return expected;
}

/** Who, of the matrix's callers, may view a restricted item (`restrictedItem`'s 200s). */
const seesRestricted = (caller: MatrixCaller): boolean =>
  caller.kind === 'admin' || (GRANT_HOLDERS as readonly string[]).includes(caller.kind);

/** A fresh space of the matrix (holders' grants, in `outer`) with a page holding `word`. */
async function sourceSpace(f: MatrixFixture, restricted: boolean, word = 'ordinary'): Promise<string> {
  const spaceId = await f.freshSpace();
  await f.run(operations.spaces.content.update, {
    spaceId,
    changes: [{ operation: 'insert_page', title: 'Plans', document: { markdown: `The ${word} plan.` } }],
  });
  if (restricted) await f.run(operations.spaces.update, { spaceId, defaultLevel: null });
  return spaceId;
}

/** Runs a translation of the source to its end; answers the result space's id. */
async function translatedSpace(f: MatrixFixture, source: string): Promise<string> {
  const organizationId = f.organization.id;
  const { id: translationId } = await f.run(operations.translations.create, {
    organizationId,
    language: 'fr',
    source: { space: source, language: 'en' },
  });
  await f.run(operations.translations.run, { organizationId, translationId });
  // The server's worker runs it: woken by the job's event, done in milliseconds.
  for (let attempt = 0; attempt < 500; attempt++) {
    const translation = (await f.run(operations.translations.get, { organizationId, translationId })) as {
      status: string;
      result?: { space: string };
      error?: unknown;
    };
    if (translation.status === 'completed' && translation.result) return translation.result.space;
    if (translation.status === 'failed')
      throw new Error(`the run failed: ${JSON.stringify(translation.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the translation run did not end');
}

const spaceInput = (_f: MatrixFixture, spaceId: string) => ({ spaceId });

/** `count` of a page (REST, tRPC), `totalCount` of a connection (GraphQL). */
const countOf = (data: unknown): number => {
  const page = data as { count?: number; totalCount?: number };
  return page.count ?? page.totalCount ?? Number.NaN;
};

/** A site (unpublished) holding an open space and a restricted one; its id and the restricted space's. */
async function siteWithRestrictedSpace(f: MatrixFixture) {
  const open = await sourceSpace(f, false);
  const restricted = await sourceSpace(f, true);
  const site = await f.run(operations.sites.create, {
    organizationId: f.organization.id,
    title: f.unique('Site'),
    spaces: [open, restricted],
  });
  return { siteId: site.id, restricted };
}
type SiteExtra = Awaited<ReturnType<typeof siteWithRestrictedSpace>>;

export const derivedSpaceCases: MatrixCase[] = [
  matrixCase({
    route: 'GET /v1/spaces/:spaceId',
    title: 'a translation’s result space, its source inheriting',
    prepare: async (f) => translatedSpace(f, await sourceSpace(f, false)),
    input: spaceInput,
    expected: byItemRole('read', 200),
    rule: 'the result space carries its source’s access: its default level, collection and grants',
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId',
    title: 'a translation’s result space, its source’s default level null',
    prepare: async (f) => translatedSpace(f, await sourceSpace(f, true)),
    input: spaceInput,
    expected: restrictedItem(200),
    rule: 'who gets 404 on the source gets 404 on its translation',
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId/content/pages',
    title: 'a translation’s result space, its source’s default level null',
    prepare: async (f) => translatedSpace(f, await sourceSpace(f, true)),
    input: spaceInput,
    expected: restrictedItem(200),
    rule: 'who gets 404 on the source reads none of its translated content',
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/translations/:translationId',
    title: 'a translation of a space whose default level is null',
    prepare: async (f) => {
      const source = await sourceSpace(f, true);
      const translation = await f.run(operations.translations.create, {
        organizationId: f.organization.id,
        language: 'de',
        source: { space: source, language: 'en' },
      });
      return translation.id;
    },
    input: (f, translationId: string) => ({ organizationId: f.organization.id, translationId }),
    // Guests see no translation, grants on content included.
    expected: { ...restrictedItem(200), guestWithGrant: 404, ancestorGrant: 404 },
    rule: 'a translation is about its source: who may not view the source does not find it',
  }),
  matrixCase({
    route: 'GET /v1/spaces/:spaceId',
    title: 'a duplicate of a space whose default level is null',
    prepare: async (f) => {
      const original = await sourceSpace(f, true);
      return (await f.run(operations.spaces.duplicate, { spaceId: original })).id;
    },
    input: spaceInput,
    expected: restrictedItem(200, ['ancestorGrant']),
    rule: 'a duplicate takes the default level and collection of its original, not its grants',
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/search',
    title: 'finding a restricted space and its translation',
    prepare: async (f) => {
      const source = await sourceSpace(f, true, SECRET_WORD);
      return { source, result: await translatedSpace(f, source) };
    },
    input: (f) => ({ organizationId: f.organization.id, query: SECRET_WORD }),
    expected: byOrganizationRole([...ROLES, 'guest'], 200),
    expectData: (data, { face, caller }) => {
      const found = countOf(data);
      if (seesRestricted(caller)) expect.soft(found, `${face}: ${caller.kind} finds both`).toBe(2);
      else expect.soft(found, `${face}: ${caller.kind} finds neither`).toBe(0);
    },
    rule: 'a member who may not see the source does not find it, nor its translation, through search',
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sites/:siteId/site-spaces',
    title: 'a site holding a restricted space',
    prepare: siteWithRestrictedSpace,
    input: (f, extra: SiteExtra) => ({ organizationId: f.organization.id, siteId: extra.siteId }),
    expected: bySiteRole(ROLES, 200),
    expectData: (data, { face, caller }) => {
      expect
        .soft(countOf(data), `${face}: ${caller.kind}'s site spaces`)
        .toBe(seesRestricted(caller) ? 2 : 1);
    },
    rule: 'a site listing embeds a space only for who may view it (the site unpublished)',
  }),
  matrixCase({
    route: 'GET /v1/orgs/:organizationId/sites/:siteId/published',
    title: 'the preview of an unpublished site holding a restricted space',
    prepare: siteWithRestrictedSpace,
    input: (f, extra: SiteExtra) => ({ organizationId: f.organization.id, siteId: extra.siteId }),
    expected: { ...bySiteRole(ROLES, 200), anonymous: 404 },
    // GraphQL's least selection of the view holds no structure; anonymous visitors are REST's and tRPC's.
    faces: ['rest', 'trpc'],
    expectData: (data, { face, caller, extra }) => {
      const structure = (data as { structure: { structure: Array<{ space: { id: string } }> } }).structure;
      const embedded = structure.structure.map((siteSpace) => siteSpace.space.id);
      expect
        .soft(embedded.includes(extra.restricted), `${face}: ${caller.kind} is shown the restricted space`)
        .toBe(seesRestricted(caller));
      expect
        .soft(embedded, `${face}: ${caller.kind}'s site spaces`)
        .toHaveLength(seesRestricted(caller) ? 2 : 1);
    },
    rule: 'the published view embeds a space only for who may view it, or whom the publication shows it to',
  }),
];
