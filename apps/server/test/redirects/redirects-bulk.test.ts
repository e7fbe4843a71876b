/**
 * The bulk change of a site's redirects through real HTTP (`PUT SITE/redirects`): items
 * done in order, each answering its own status (created, updated, deleted, published,
 * error) while the others go on; 500 items at most, a publish carrying a destination
 * refused as a whole (400, nothing written); and the cap of 1000 redirects a site holds.
 */
import { MAX_REDIRECTS_PER_REQUEST, MAX_REDIRECTS_PER_SITE } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectFieldError } from '../support/expectations';
import { startTestServer, type TestServer } from '../support/test-server';
import { external, redirectsFixture, resolve } from './redirects-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('bulk changes', () => {
  it('create, update, delete and publish item by item, an item that cannot be done answering error', async () => {
    const f = await redirectsFixture(server);
    const first = await f.ok('PUT', '/redirects', {
      redirects: [
        { source: '/a', destination: external('https://example.com/a') },
        { source: '/b', intent: 'draft', destination: external('https://example.com/b-draft') },
        { source: '/a', permanent: true, destination: external('https://example.com/a2') },
        { source: '/c', destination: { kind: 'site-section', siteSectionId: 'no-such-section' } },
        { source: '/nothing', destination: null },
        { source: '/nothing', intent: 'publish' },
      ],
    });
    const [a, bDraft, aAgain, ...refused] = first.results;
    expect(a).toEqual({ status: 'created', source: '/a', draft: false, id: expect.any(String) });
    expect(bDraft).toEqual({ status: 'created', source: '/b', draft: true, id: expect.any(String) });
    expect(aAgain).toEqual({ status: 'updated', source: '/a', draft: false, id: a.id });
    expect(refused).toEqual([
      { status: 'error', source: '/c', draft: false, error: 'Site section not found' },
      { status: 'error', source: '/nothing', draft: false, error: 'No redirect from this source' },
      { status: 'error', source: '/nothing', draft: false, error: 'No draft redirect from this source' },
    ]);
    expect((await resolve(f, '/a')).body.target).toBe('https://example.com/a2');
    expect((await resolve(f, '/a')).body.redirect.permanent).toBe(true);
    // A draft is not served until published.
    expectError(await resolve(f, '/b'), 404);

    const second = await f.ok('PUT', '/redirects', {
      redirects: [
        { source: '/b', intent: 'publish' },
        { source: '/a', destination: null },
      ],
    });
    expect(second.results).toEqual([
      { status: 'published', source: '/b', draft: false, id: expect.any(String) },
      { status: 'deleted', source: '/a', draft: false },
    ]);
    expect((await resolve(f, '/b')).body.target).toBe('https://example.com/b-draft');
    expect((await f.ok('GET', '/redirects?draft=true')).count).toBe(0);
    expect((await f.ok('GET', '/redirects')).items.map((item: { source: string }) => item.source)).toEqual([
      '/b',
    ]);

    // Publishing over a live redirect replaces its destination and keeps its id.
    const third = await f.ok('PUT', '/redirects', {
      redirects: [
        { source: '/b', intent: 'draft', destination: external('https://example.com/b-next') },
        { source: '/b', intent: 'publish' },
      ],
    });
    expect(third.results[1]).toEqual({
      status: 'published',
      source: '/b',
      draft: false,
      id: second.results[0].id,
    });
    expect((await resolve(f, '/b')).body.target).toBe('https://example.com/b-next');
  });

  it('refuses, writing nothing: no items, more than 500, a publish with a destination, an upsert without one', async () => {
    const f = await redirectsFixture(server);
    const put = (redirects: unknown[]) => f.call('PUT', '/redirects', { redirects });
    expectFieldError(await put([]), 'redirects');
    const tooMany = Array.from({ length: MAX_REDIRECTS_PER_REQUEST + 1 }, (_, n) => ({
      source: `/p${n}`,
      destination: external('https://example.com/'),
    }));
    expectFieldError(await put(tooMany), 'redirects');
    expectFieldError(
      await put([
        { source: '/ok', destination: external('https://example.com/') },
        { source: '/x', intent: 'publish', destination: external('https://example.com/') },
      ]),
      'redirects.1.destination',
    );
    expectFieldError(await put([{ source: '/x' }]), 'redirects.0.destination');
    expect((await f.ok('GET', '/redirects')).count).toBe(0);
  });
});

describe('the cap of redirects per site', () => {
  it(`holds ${MAX_REDIRECTS_PER_SITE} redirects, live and draft together, then refuses more (409, or error items)`, async () => {
    const f = await redirectsFixture(server);
    const batch = (from: number, draft: boolean) =>
      Array.from({ length: MAX_REDIRECTS_PER_SITE / 2 }, (_, n) => ({
        source: `/page-${from + n}`,
        ...(draft ? { intent: 'draft' } : {}),
        destination: external('https://example.com/'),
      }));
    for (const [from, draft] of [
      [0, false],
      [MAX_REDIRECTS_PER_SITE / 2, true],
    ] as const) {
      const { results } = await f.ok('PUT', '/redirects', { redirects: batch(from, draft) });
      expect(results.filter((result: { status: string }) => result.status !== 'created')).toEqual([]);
    }
    const refused = await f.call('POST', '/redirects', {
      source: '/one-more',
      destination: external('https://example.com/'),
    });
    expectError(refused, 409);
    expect(refused.body.error.message).toContain(`${MAX_REDIRECTS_PER_SITE}`);
    const bulk = await f.ok('PUT', '/redirects', {
      redirects: [
        { source: '/one-more', destination: external('https://example.com/') },
        // At the cap, a change to an existing redirect or a delete still goes through.
        { source: '/page-0', destination: external('https://example.com/changed') },
        { source: '/page-1', destination: null },
      ],
    });
    expect(bulk.results.map((result: { status: string }) => result.status)).toEqual([
      'error',
      'updated',
      'deleted',
    ]);
    await f.ok('POST', '/redirects', { source: '/one-more', destination: external('https://example.com/') });
  });
});
