/**
 * The URL lookup keeps what it resolved for a visitor proving nothing (`kept-resolutions.ts`)
 * and checks it again on every use: each test resolves a URL twice (the second answer is the
 * kept one), changes what the answer depends on, and must see the change at once — never the
 * kept answer. Through real HTTP, on a server of its own (the changes would disturb the other
 * lookup tests' site).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectRefusal, type LookupFixture, lookup, lookupFixture, resolved } from './url-lookup-support';

let server: TestServer;
let f: LookupFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await lookupFixture(server);
});
afterAll(() => server.close());

/** Resolves `url` twice (the second time from what the lookup kept): the same answer but its token. */
async function resolvedTwice(url: string, extra: Record<string, unknown> = {}) {
  const first = await resolved(server, url, extra);
  const second = await resolved(server, url, extra);
  const { apiToken: _first, ...firstFields } = first;
  const { apiToken: _second, ...secondFields } = second;
  expect(Object.keys(second)).toEqual(Object.keys(first));
  expect(secondFields).toEqual(firstFields);
  return second;
}

describe('a kept lookup is checked again on every use', () => {
  it('answers the same as a fresh one, field by field, with a working token', async () => {
    const answer = await resolvedTwice(`${f.base}api/v2/guide`, {
      visitor: { unsignedClaims: { plan: 'pro' } },
    });
    expect(answer).toMatchObject({ siteSpace: f.siteSpaces.v2, space: f.spaces.docs, pathname: 'guide' });
    expect((await server.api(`/v1/spaces/${f.spaces.docs}`, { token: answer.apiToken })).status).toBe(200);
    // Other claims are another visitor: their own answer, their own token.
    const other = await resolved(server, `${f.base}api/v2/guide`, {
      visitor: { unsignedClaims: { plan: 'free' } },
    });
    expect(other.apiToken).not.toBe(answer.apiToken);
  });

  it('sees an unpublished site at once, and its publication again', async () => {
    await resolvedTwice(`${f.base}docs/guide`);
    await f.admin('POST', `${f.site}/unpublish`);
    try {
      expectRefusal(await lookup(server, { url: `${f.base}docs/guide` }), 404, 'not_found');
    } finally {
      await f.admin('POST', `${f.site}/publish`);
    }
    expect(await resolved(server, `${f.base}docs/guide`)).toMatchObject({ siteSection: f.sections.docs });
  });

  it("sees a site space's path renamed: the old path is a page path of the section's default", async () => {
    await resolvedTwice(`${f.base}api/v2/guide`);
    await f.admin('PATCH', `${f.site}/site-spaces/${f.siteSpaces.v2}`, { path: 'v3' });
    try {
      expect(await resolved(server, `${f.base}api/v2/guide`)).toMatchObject({
        siteSpace: f.siteSpaces.api,
        pathname: 'v2/guide',
      });
    } finally {
      await f.admin('PATCH', `${f.site}/site-spaces/${f.siteSpaces.v2}`, { path: 'v2' });
    }
  });

  it('sees the visibility change: a public site made a share-link one answers 404 without a key', async () => {
    await resolvedTwice(f.base);
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      expectRefusal(await lookup(server, { url: f.base }), 404, 'not_found');
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });

  it('refuses a share key once its link is deactivated, in both of its forms', async () => {
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      const link = await f.admin('POST', `${f.site}/share-links`, { name: 'Kept' }, 201);
      const key = link.urls.published.slice(f.base.length, -1);
      await resolvedTwice(`${f.base}${key}/docs`);
      await resolvedTwice(`${f.base}docs?share=${key}`);
      await f.admin('PATCH', `${f.site}/share-links/${link.id}`, { active: false });
      expectRefusal(await lookup(server, { url: `${f.base}${key}/docs` }), 404, 'not_found');
      expectRefusal(await lookup(server, { url: `${f.base}docs?share=${key}` }), 404, 'not_found');
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });

  it("answers the space's new revision once its content changes", async () => {
    const before = await resolvedTwice(`${f.base}docs/guide`);
    await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
      changes: [{ operation: 'insert_page', title: 'Kept', document: { markdown: 'Kept.\n' } }],
    });
    const after = await resolved(server, `${f.base}docs/guide`);
    expect(after.revision).toEqual(expect.any(String));
    expect(after.revision).not.toBe(before.revision);
  });

  it('stops showing a deleted space: its site space falls back to what is left', async () => {
    const before = await resolvedTwice(`${f.base}api/guide`);
    expect(before).toMatchObject({ siteSpace: f.siteSpaces.api, space: f.spaces.api });
    await f.admin('DELETE', `/v1/spaces/${f.spaces.api}`);
    const after = await resolved(server, `${f.base}api/guide`);
    expect(after.space).not.toBe(f.spaces.api);
    expect(after.siteSpace).not.toBe(f.siteSpaces.api);
  });
});
