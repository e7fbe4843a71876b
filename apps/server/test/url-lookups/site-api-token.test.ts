/**
 * Site API tokens through real HTTP: the lookup's `apiToken` reads exactly what its visitor
 * may read — the spaces the site shows them (conditions applied), their revisions, pages and
 * files, search, and the published site — and nothing else: every write 403, other spaces,
 * sites and organizations 404, change requests 404. It stops at once when the way its
 * visitor got in stops (a share link deactivated, the site unpublished, its key regenerated),
 * and a forged, expired, altered or other kind of token is no credential (401).
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorToken } from '../sites/site-access-support';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  expectRefusal,
  type Json,
  type LookupFixture,
  lookupFixture,
  resolved,
  withToken,
} from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
});
afterAll(() => server.close());

const tokenFor = async (url: string, extra: Record<string, unknown> = {}): Promise<string> =>
  (await resolved(server, url, extra)).apiToken;

describe("the token's payload", () => {
  it("is GitBook's site kind, compact: the site, site space and space ids, the claims, the way in", async () => {
    const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
    const jwtToken = await visitorToken(key, { beta: true });
    const token = await tokenFor(`${f.base}beta`, { visitor: { jwtToken, type: 'agent' } });
    const payload = decodeJwt(token) as Json;
    expect(payload).toEqual({
      kind: 'site',
      site: f.siteId,
      siteSpace: f.siteSpaces.beta,
      space: f.spaces.beta,
      visitorType: 'agent',
      claims: expect.objectContaining({ beta: true }),
      // A public site lets anyone in: the visitor's token only adds claims.
      via: 'open',
      iss: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    // Short-lived: a quarter of an hour.
    expect(payload.exp - payload.iat).toBe(15 * 60);
  });

  it('carries no claims for a visitor without any, and says how an anonymous visitor got in', async () => {
    const token = await tokenFor(`${f.base}docs`);
    const payload = decodeJwt(token) as Json;
    // Compact: GitBook's renderer carries it in its route's path (it was about 700 characters).
    expect(token.length).toBeLessThan(350);
    expect(payload.claims).toBeUndefined();
    expect(payload.via).toBe('open');
    expect(Object.keys(payload).sort()).toEqual([
      'exp',
      'iat',
      'iss',
      'kind',
      'site',
      'siteSpace',
      'space',
      'via',
    ]);
  });
});

describe('handing tokens out', () => {
  it('hands the same visit the same token for five minutes, and another visit another token', async () => {
    const first = await tokenFor(`${f.base}docs`);
    expect(await tokenFor(`${f.base}docs/guide`)).toBe(first);
    expect(await tokenFor(`${f.base}api`)).not.toBe(first);
    expect(await tokenFor(`${f.base}docs`, { visitor: { unsignedClaims: { plan: 'pro' } } })).not.toBe(first);
    // Five minutes on, it is signed again (the same text within the same second: a JWT's times are in seconds).
    server.clock.advance(5 * 60 * 1000);
    const later = await tokenFor(`${f.base}docs`);
    expect((await withToken(server, later, `/v1/spaces/${f.spaces.docs}`)).status).toBe(200);
  });
});

describe('what the token reads', () => {
  it('reads the spaces of the site it is shown: the space, its revisions, pages, files, search', async () => {
    const token = await tokenFor(`${f.base}docs`);
    const space = `/v1/spaces/${f.spaces.docs}`;
    const got = await withToken(server, token, space);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.id).toBe(f.spaces.docs);
    for (const path of [
      `${space}/content`,
      `${space}/content/pages`,
      `${space}/content/page/${f.pages.install}`,
      `${space}/content/path/guide/install`,
      `${space}/content/files`,
      `${space}/revisions`,
      `${space}/revisions/${got.body.revision}`,
      `${space}/revisions/${got.body.revision}/pages`,
      `${space}/search?query=install`,
      `/v1/spaces/${f.spaces.api}`,
    ]) {
      const response = await withToken(server, token, path);
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
    }
  });

  it('reads the published site with its conditions applied, and no other site', async () => {
    const token = await tokenFor(f.base);
    const view = await withToken(server, token, `${f.site}/published`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const sections = view.body.structure.structure.map((item: Json) => item.id);
    expect(sections).toEqual([f.sections.docs, f.sections.api]);
    expect(view.body.site.permissions.view).toBe(false);
    const other = await f.admin('POST', `/v1/orgs/${f.org.organization.id}/sites`, { title: 'Other' }, 201);
    await f.admin('POST', `/v1/orgs/${f.org.organization.id}/sites/${other.id}/publish`);
    // Another site, public: shown to the bearer as to any anonymous visitor, never as the token's visitor.
    const elsewhere = await withToken(
      server,
      token,
      `/v1/orgs/${f.org.organization.id}/sites/${other.id}/published`,
    );
    expect(elsewhere.status).toBe(200);
    await f.admin('POST', `/v1/orgs/${f.org.organization.id}/sites/${other.id}/unpublish`);
    const hidden = await withToken(
      server,
      token,
      `/v1/orgs/${f.org.organization.id}/sites/${other.id}/published`,
    );
    expectRefusal(hidden, 404, 'not_found');
  });

  it('does not read a space the site hides from its visitor, nor one the site does not show', async () => {
    const token = await tokenFor(f.base);
    expectRefusal(await withToken(server, token, `/v1/spaces/${f.spaces.beta}`), 404, 'not_found');
    const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
    const beta = await tokenFor(`${f.base}beta`, {
      visitor: { jwtToken: await visitorToken(key, { beta: true }) },
    });
    expect((await withToken(server, beta, `/v1/spaces/${f.spaces.beta}`)).status).toBe(200);
    const unpublished = await f.admin('POST', `/v1/orgs/${f.org.organization.id}/spaces`, {
      title: 'Private',
    });
    expectRefusal(await withToken(server, token, `/v1/spaces/${unpublished.id}`), 404, 'not_found');
    const outsider = await createOrganization(server);
    const theirs = await server.api(`/v1/orgs/${outsider.organization.id}/spaces`, {
      method: 'POST',
      token: outsider.admin.token,
      body: { title: 'Theirs' },
    });
    expectRefusal(await withToken(server, token, `/v1/spaces/${theirs.body.id}`), 404, 'not_found');
  });

  it("resolves its site's redirects, as a renderer asks for a path with no page; another site's not", async () => {
    await f.admin('POST', `${f.site}/redirects`, {
      source: '/old-guide',
      destination: { kind: 'site-page', siteSpaceId: f.siteSpaces.docs, pageId: f.pages.guide },
    });
    const token = await tokenFor(f.base);
    const found = await withToken(
      server,
      token,
      `${f.site}/redirect?source=${encodeURIComponent('/old-guide')}`,
    );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.target).toBe(`${f.base}docs/guide/`);
    // The target resolves to the page's path in its site space.
    expect(await resolved(server, found.body.target)).toMatchObject({
      siteSpace: f.siteSpaces.docs,
      pathname: 'guide',
    });
    const other = await f.admin(
      'POST',
      `/v1/orgs/${f.org.organization.id}/sites`,
      { title: 'Elsewhere' },
      201,
    );
    const elsewhere = `/v1/orgs/${f.org.organization.id}/sites/${other.id}/redirect?source=%2Fold-guide`;
    expectRefusal(await withToken(server, token, elsewhere), 404, 'not_found');
    expectRefusal(await withToken(server, token, `${f.site}/redirects`), 404, 'not_found');
  });

  it('reads nothing of the organization, its members, change requests or comments', async () => {
    const token = await tokenFor(f.base);
    const org = `/v1/orgs/${f.org.organization.id}`;
    for (const path of [
      org,
      `${org}/members`,
      `${org}/spaces`,
      `${org}/sites`,
      f.site,
      `${f.site}/structure`,
      `/v1/spaces/${f.spaces.docs}/change-requests`,
      `/v1/spaces/${f.spaces.docs}/comments`,
      '/v1/user',
    ]) {
      expectRefusal(await withToken(server, token, path), 404, 'not_found');
    }
  });

  it('refuses every write (403), whatever it names, and writes nothing; bad input stays a 400', async () => {
    const token = await tokenFor(f.base);
    const before = await f.admin('GET', `/v1/spaces/${f.spaces.docs}`);
    for (const [method, path, body] of [
      ['PATCH', `/v1/spaces/${f.spaces.docs}`, { title: 'Taken over' }],
      [
        'POST',
        `/v1/spaces/${f.spaces.docs}/content`,
        { changes: [{ operation: 'insert_page', title: 'Planted', document: { markdown: 'x\n' } }] },
      ],
      ['DELETE', `/v1/spaces/${f.spaces.docs}`, undefined],
      ['POST', `/v1/orgs/${f.org.organization.id}/spaces`, { title: 'New' }],
      ['PATCH', f.site, { title: 'Taken over' }],
      ['POST', `/v1/orgs/${f.org.organization.id}/ping`, undefined],
      ['PATCH', '/v1/spaces/no-such-space', { title: 'x' }],
    ] as const) {
      expectRefusal(await withToken(server, token, path, method, body), 403, 'forbidden');
    }
    expect(await f.admin('GET', `/v1/spaces/${f.spaces.docs}`)).toEqual(before);
    const pages = await f.admin('GET', `/v1/spaces/${f.spaces.docs}/content/pages`);
    expect(JSON.stringify(pages)).not.toContain('Planted');
    // Input is checked before any permission, for every caller.
    const bad = await withToken(server, token, `/v1/spaces/${f.spaces.docs}/content`, 'POST', {
      changes: [],
    });
    expectRefusal(bad, 400, 'validation');
  });
});

describe("a member's preview", () => {
  it('previews an unpublished site, its token reading only the spaces the member may view', async () => {
    const reader = await addMember(server, f.org.organization.id, 'read');
    await f.admin('PATCH', `/v1/spaces/${f.spaces.api}`, { defaultLevel: null });
    await f.admin('POST', `${f.site}/unpublish`);
    try {
      expectRefusal(
        await server.api(`/v1/spaces/${f.spaces.api}`, { token: reader.token }),
        404,
        'not_found',
      );
      const preview = await server.api('/v1/urls/published', {
        method: 'POST',
        token: reader.token,
        body: { url: `${f.base}docs` },
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const token = preview.body.apiToken;
      expect((await withToken(server, token, `/v1/spaces/${f.spaces.docs}`)).status).toBe(200);
      expectRefusal(await withToken(server, token, `/v1/spaces/${f.spaces.api}`), 404, 'not_found');
      // The space the member may not view is no site space of their preview.
      const api = await server.api('/v1/urls/published', {
        method: 'POST',
        token: reader.token,
        body: { url: `${f.base}api` },
      });
      expect(api.body.space).not.toBe(f.spaces.api);
      // Made a guest since: the token stops.
      await f.admin('PATCH', `/v1/orgs/${f.org.organization.id}/members/${reader.user.id}`, { role: null });
      expectRefusal(await withToken(server, token, `/v1/spaces/${f.spaces.docs}`), 401, 'unauthenticated');
    } finally {
      await f.admin('POST', `${f.site}/publish`);
      await f.admin('PATCH', `/v1/spaces/${f.spaces.api}`, { defaultLevel: 'inherit' });
    }
  });
});

describe('when the token stops', () => {
  it('stops at once when the share link that let its visitor in is deactivated', async () => {
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      const link = await f.admin('POST', `${f.site}/share-links`, { name: 'Token' }, 201);
      const token = await tokenFor(link.urls.published);
      expect((await withToken(server, token, `/v1/spaces/${f.spaces.docs}`)).status).toBe(200);
      await f.admin('PATCH', `${f.site}/share-links/${link.id}`, { active: false });
      expectRefusal(await withToken(server, token, `/v1/spaces/${f.spaces.docs}`), 401, 'unauthenticated');
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });

  it('stops when the site is unpublished or becomes a share-link site, and when its visitor key is regenerated', async () => {
    const open = await tokenFor(f.base);
    await f.admin('POST', `${f.site}/unpublish`);
    expectRefusal(await withToken(server, open, `/v1/spaces/${f.spaces.docs}`), 401, 'unauthenticated');
    await f.admin('POST', `${f.site}/publish`);
    expect((await withToken(server, open, `/v1/spaces/${f.spaces.docs}`)).status).toBe(200);
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    expectRefusal(await withToken(server, open, `/v1/spaces/${f.spaces.docs}`), 401, 'unauthenticated');
    await f.admin('PATCH', f.site, { visibility: 'visitor-auth' });
    try {
      const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
      const token = await tokenFor(f.base, { visitor: { jwtToken: await visitorToken(key, {}) } });
      expect((await withToken(server, token, `/v1/spaces/${f.spaces.docs}`)).status).toBe(200);
      await f.admin('POST', `${f.site}/publishing/auth/regenerate`);
      expectRefusal(await withToken(server, token, `/v1/spaces/${f.spaces.docs}`), 401, 'unauthenticated');
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });

  it('refuses forged, altered, expired and other kinds of JWT as no credential (401)', async () => {
    const token = await tokenFor(f.base);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString());
    altered.site = 'someone-elses';
    const forgedPayload = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    const signedElsewhere = await visitorToken('a key of my own', { ...decodeJwtPayload(token) });
    const expired = await server.services.secrets.signClaims(decodeJwtPayload(token), -60);
    const key = (await f.admin('GET', `${f.site}/publishing/auth`)).privateKey;
    const siteVisitorToken = await visitorToken(key, { kind: 'site', ...decodeJwtPayload(token) });
    const ping = (await f.admin('POST', `/v1/orgs/${f.org.organization.id}/ping`)).docsVisitorClaims;
    for (const [what, bad] of [
      ['altered payload', forgedPayload],
      ['signed with another key', signedElsewhere],
      ['expired', expired],
      ["signed with the site's visitor key", siteVisitorToken],
      ['a ping token', ping],
      ['truncated', token.slice(0, -4)],
    ] as const) {
      const response = await withToken(server, bad, `/v1/spaces/${f.spaces.docs}`);
      expect(response.status, what).toBe(401);
    }
  });

  it('is no visitor token: sent as a jwt_token it opens no visitor-auth site', async () => {
    const token = await tokenFor(f.base);
    await f.admin('PATCH', f.site, { visibility: 'visitor-auth' });
    try {
      const view = await server.api(`${f.site}/published?jwt_token=${token}`);
      expectRefusal(view, 404, 'not_found');
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });
});

function decodeJwtPayload(token: string): Record<string, unknown> {
  const { iat: _iat, exp: _exp, iss: _iss, ...claims } = decodeJwt(token);
  return claims;
}

describe("the files and reusable contents a site token's visitor is shown", () => {
  /** The `api` space: a page showing file A plainly and B only to `plan == "pro"`; C is on no page. */
  const setUp = async () => {
    const space = `/v1/spaces/${f.spaces.api}`;
    const upload = async (name: string): Promise<string> =>
      (
        await f.admin('POST', `${space}/content/files`, {
          name,
          contentType: 'text/plain',
          base64: Buffer.from(name).toString('base64'),
        })
      ).id;
    const a = await upload('plain-a.txt');
    const b = await upload('pro-b.txt');
    const c = await upload('nowhere-c.txt');
    const made = await f.admin('POST', `${space}/content`, {
      changes: [
        { operation: 'insert_reusable_content', title: 'Plain', document: { markdown: 'Shared.\n' } },
        { operation: 'insert_reusable_content', title: 'Pro', document: { markdown: 'Pro notes.\n' } },
        { operation: 'insert_reusable_content', title: 'Unused', document: { markdown: 'Nobody.\n' } },
      ],
    });
    const [plain, pro, unused] = made.changes.map((change: Json) => change.reusableContent as string);
    await f.admin('POST', `${space}/content`, {
      changes: [
        {
          operation: 'insert_page',
          title: 'Downloads',
          document: {
            markdown:
              `Get [A](/files/${a}).\n\n{% include "/reusable-contents/${plain}" %}\n\n` +
              `{% if visitor.claims.unsigned.plan == "pro" %}\nGet [B](/files/${b}).\n\n` +
              `{% include "/reusable-contents/${pro}" %}\n{% endif %}\n`,
          },
        },
      ],
    });
    return { space, files: { a, b, c }, contents: { plain, pro, unused } };
  };

  it('lists and gets only what the pages it may read show; a member sees every file and reusable content', async () => {
    const { space, files, contents } = await setUp();
    const anonymous = await tokenFor(`${f.base}docs`);
    const pro = await tokenFor(`${f.base}docs`, { visitor: { unsignedClaims: { plan: 'pro' } } });
    const idsOf = (body: Json): string[] => body.items.map((item: Json) => item.id).sort();
    const listedBy = async (token: string, path: string) => {
      const listed = await withToken(server, token, `${space}/${path}`);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      return idsOf(listed.body);
    };
    const revision = (await f.admin('GET', space)).revision;

    expect(await listedBy(anonymous, 'content/files')).toEqual([files.a]);
    expect(await listedBy(anonymous, `revisions/${revision}/files`)).toEqual([files.a]);
    expect((await withToken(server, anonymous, `${space}/content/files/${files.a}`)).status).toBe(200);
    const hiddenReads = [files.b, files.c].flatMap((hidden) => [
      `content/files/${hidden}`,
      `revisions/${revision}/files/${hidden}`,
    ]);
    hiddenReads.push(
      ...[contents.pro, contents.unused].map((hidden) => `content/reusable-contents/${hidden}`),
    );
    const refusals = await Promise.all(
      hiddenReads.map((path) => withToken(server, anonymous, `${space}/${path}`)),
    );
    for (const refusal of refusals) expectRefusal(refusal, 404, 'not_found');
    // Nor does the revision read name them, nor their download addresses.
    const reads = await Promise.all(
      ['content', `revisions/${revision}`].map((path) => withToken(server, anonymous, `${space}/${path}`)),
    );
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.body.files.map((file: Json) => file.id)).toEqual([files.a]);
      expect(JSON.stringify(read.body)).not.toMatch(/pro-b|nowhere-c/);
      expect(read.body.reusableContents.map((item: Json) => item.id)).toEqual([contents.plain]);
    }
    expect(await listedBy(anonymous, 'content/reusable-contents')).toEqual([contents.plain]);

    expect(await listedBy(pro, 'content/files')).toEqual([files.a, files.b].sort());
    expect((await withToken(server, pro, `${space}/content/files/${files.b}`)).status).toBe(200);
    expectRefusal(await withToken(server, pro, `${space}/content/files/${files.c}`), 404, 'not_found');
    expect(await listedBy(pro, 'content/reusable-contents')).toEqual([contents.plain, contents.pro].sort());

    const member = await f.admin('GET', `${space}/content/files`);
    expect(idsOf(member)).toEqual([files.a, files.b, files.c].sort());
    expect((await f.admin('GET', `${space}/content/files/${files.c}`)).id).toBe(files.c);
    expect(idsOf(await f.admin('GET', `${space}/content/reusable-contents`))).toEqual(
      [contents.plain, contents.pro, contents.unused].sort(),
    );
  });
});

describe('the search indexes the claims a visitor chooses make', () => {
  it('keeps at most MAX_CONDITION_VIEWS of one revision (and of one site), however many sets of conditions visitors hold', async () => {
    const space = `/v1/spaces/${f.spaces.docs}`;
    const flags = ['c1', 'c2', 'c3', 'c4'];
    const words = ['alphonse', 'bertrand', 'cornelius', 'desmond'];
    const markdown = flags
      .map(
        (flag, i) => `{% if visitor.claims.unsigned.${flag} == true %}\nOpened ${words[i]}.\n{% endif %}\n`,
      )
      .join('\n');
    await f.admin('POST', `${space}/content`, {
      changes: [
        { operation: 'insert_page', title: 'Flags', document: { markdown: `Flags.\n\n${markdown}` } },
      ],
    });
    const search = server.services.contentSearch as unknown as { kept: number; collectionsKept: number };
    const before = { kept: search.kept, collections: search.collectionsKept };
    // Every one of the 16 sets of the four conditions, each a token of its own.
    const sets = Array.from({ length: 16 }, (_, bits) =>
      Object.fromEntries(flags.flatMap((flag, i) => (bits & (1 << i) ? [[flag, true]] : []))),
    );
    for (const claims of sets) {
      // A minute apart: the builds' bound (tested below) is not what this test is about.
      server.clock.advance(60_000);
      const token = await tokenFor(`${f.base}docs`, { visitor: { unsignedClaims: claims } });
      const found = await withToken(server, token, `${space}/search?query=flags`);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      const onSite = await withToken(server, token, `${f.site}/search`, 'POST', { query: 'flags' });
      expect(onSite.status, JSON.stringify(onSite.body)).toBe(200);
    }
    // The plain view, and at most MAX_CONDITION_VIEWS (8) of the 15 others.
    expect(search.kept - before.kept).toBeLessThanOrEqual(1 + 8);
    // The site's search the same: its plain collection, and at most 8 others.
    expect(search.collectionsKept - before.collections).toBeLessThanOrEqual(1 + 8);
    // A visitor whose set was dropped still finds what their claims open, and only that.
    const c1 = await tokenFor(`${f.base}docs`, { visitor: { unsignedClaims: { c1: true } } });
    const opened = await withToken(server, c1, `${space}/search?query=alphonse`);
    expect(opened.body.items.length).toBe(1);
    const closed = await withToken(server, c1, `${space}/search?query=bertrand`);
    expect(closed.body.items.length).toBe(0);
  });

  it('builds at most MAX_CONDITION_VIEW_BUILDS sets not kept a minute: past them a 429 with Retry-After, nothing built; kept sets, the plain view and exact answers after', async () => {
    const space = `/v1/spaces/${f.spaces.docs}`;
    const flags = ['d1', 'd2', 'd3', 'd4'];
    const words = ['ermengarde', 'fulbert', 'gislebert', 'hildegarde'];
    const markdown = flags
      .map((flag, i) => `{% if visitor.claims.unsigned.${flag} == true %}\nShown ${words[i]}.\n{% endif %}\n`)
      .join('\n');
    await f.admin('POST', `${space}/content`, {
      changes: [
        { operation: 'insert_page', title: 'Switches', document: { markdown: `Switches.\n\n${markdown}` } },
      ],
    });
    server.clock.advance(60_000);
    const search = server.services.contentSearch as unknown as { kept: number; collectionsKept: number };
    const sets = Array.from({ length: 15 }, (_, n) =>
      Object.fromEntries(flags.flatMap((flag, i) => ((n + 1) & (1 << i) ? [[flag, true]] : []))),
    );
    const tokens = await Promise.all(
      sets.map((claims) => tokenFor(`${f.base}docs`, { visitor: { unsignedClaims: claims } })),
    );
    // Eight new sets within the minute: each built and answered, on the space and on the site.
    for (const token of tokens.slice(0, 8)) {
      expect((await withToken(server, token, `${space}/search?query=switches`)).status).toBe(200);
      const onSite = await withToken(server, token, `${f.site}/search`, 'POST', { query: 'switches' });
      expect(onSite.status).toBe(200);
    }
    const built = { kept: search.kept, collections: search.collectionsKept };
    // The ninth: refused in GitBook's shape, with the seconds to wait; nothing built.
    const ninth = tokens[8] as string;
    const refused = await withToken(server, ninth, `${space}/search?query=switches`);
    expectRefusal(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const refusedOnSite = await withToken(server, ninth, `${f.site}/search`, 'POST', { query: 'switches' });
    expect(refusedOnSite.status).toBe(429);
    expect({ kept: search.kept, collections: search.collectionsKept }).toEqual(built);
    // A set kept, and the plain view, are answered as ever.
    const kept = await withToken(server, tokens[7] as string, `${space}/search?query=switches`);
    expect(kept.status).toBe(200);
    const anonymous = await tokenFor(`${f.base}docs`);
    expect((await withToken(server, anonymous, `${space}/search?query=switches`)).status).toBe(200);
    // A minute on, the ninth set is built, and finds exactly what its claims open.
    server.clock.advance(60_000);
    const ninthClaims = sets[8] as Record<string, boolean>;
    for (const [i, flag] of flags.entries()) {
      const found = await withToken(server, ninth, `${space}/search?query=${words[i]}`);
      expect(found.status).toBe(200);
      expect(found.body.items.length, flag).toBe(ninthClaims[flag] ? 1 : 0);
    }
  });
});
