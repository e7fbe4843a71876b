/**
 * What a redirect may not be, through real HTTP: a source that is not a path of the site
 * (an absolute URL, a `.` or `..` segment however escaped, an escaped slash, NUL, past 512
 * characters, a `*` anywhere but at the end) and a destination URL a browser must not be sent
 * to (`javascript:`, `data:`, other schemes, relative, with credentials): each a 400 naming
 * the field, nothing written. Request values stay values: a source or a search holding
 * query operators or pattern characters matches only itself. And every bad input derived
 * from the routes' schemas (`support/bad-input.ts`) is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectRoutes } from '../../src/faces/rest/routes/redirects';
import { badInputCases, validInputOf } from '../support/bad-input';
import { expectFieldError } from '../support/expectations';
import { callFace, routeKey } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { startTestServer, type TestServer } from '../support/test-server';
import { external, type RedirectsFixture, redirectsFixture, resolve } from './redirects-support';

let server: TestServer;
let f: RedirectsFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await redirectsFixture(server);
});
afterAll(() => server.close());

const count = async () =>
  (await f.ok('GET', '/redirects')).count + (await f.ok('GET', '/redirects?draft=true')).count;

describe('sources', () => {
  const refused: ReadonlyArray<readonly [string, string]> = [
    ['an absolute URL', 'https://evil.example/x'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['no leading slash', 'guides'],
    ['the root alone', '/'],
    ['a trailing slash', '/guides/'],
    ['a ".." segment', '/guides/../admin'],
    ['a "." segment', '/guides/./setup'],
    ['an escaped ".." segment', '/guides/%2e%2E/admin'],
    ['an escaped slash', '/guides%2Fadmin'],
    ['an escaped backslash', '/guides%5cadmin'],
    ['an escaped NUL', '/guides%00'],
    ['a raw NUL', '/guides\u0000'],
    ['an escape that is not UTF-8', '/guides%ff'],
    ['a space', '/my guide'],
    ['a query', '/guide?x=1'],
    ['a * inside the path', '/gu*ides/setup'],
    ['a wildcard at the root', '/*'],
    ['513 characters', `/${'a'.repeat(512)}`],
  ];
  it.each(refused)('refuses %s (400 naming source), writing nothing', async (_title, source) => {
    const before = await count();
    expectFieldError(
      await f.call('POST', '/redirects', { source, destination: external('https://example.com/') }),
      'source',
    );
    expectFieldError(
      await f.call('PUT', '/redirects', {
        redirects: [{ source, destination: external('https://example.com/') }],
      }),
      'redirects.0.source',
    );
    expectFieldError(await resolve(f, source), 'source');
    expect(await count()).toBe(before);
  });

  it('takes escapes, the URL-safe punctuation and 512 characters', async () => {
    for (const source of ['/caf%C3%A9/men%C3%BC', '/a-b_c.d~e+f', `/${'a'.repeat(511)}`, '/v1.2/*', '/old*'])
      await f.ok('POST', '/redirects', { source, destination: external('https://example.com/') });
  });
});

describe('destinations', () => {
  const refused: ReadonlyArray<readonly [string, string]> = [
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/file'],
    ['a relative URL', '/guides/setup'],
    ['a protocol-relative URL', '//example.com/x'],
    ['credentials', 'https://user:secret@example.com/'],
    ['a leading space', ' https://example.com/'],
    ['a control character', 'https://example.com/\u0007'],
    ['2049 characters', `https://example.com/${'a'.repeat(2029)}`],
  ];
  it.each(refused)('refuses an external URL with %s (400 naming destination.url)', async (_title, url) => {
    const before = await count();
    expectFieldError(
      await f.call('POST', '/redirects', { source: '/x', destination: external(url) }),
      'destination.url',
    );
    expect(await count()).toBe(before);
  });

  it('refuses an unknown kind (400 naming destination)', async () => {
    const response = await f.call('POST', '/redirects', {
      source: '/x',
      destination: { kind: 'url', url: 'x' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('destination');
  });
});

describe('request values stay values', () => {
  it('a source or a search holding operators or pattern characters matches only itself', async () => {
    await f.ok('POST', '/redirects', { source: '/plain', destination: external('https://example.com/') });
    // An object where a string goes is a 400, never a query.
    expectFieldError(
      await f.call('POST', '/redirects', {
        source: { $ne: null },
        destination: external('https://example.com/'),
      }),
      'source',
    );
    const search = await f.call('GET', `/redirects?search=${encodeURIComponent('.*')}`);
    expect(search.body.count).toBe(0);
    const operator = await f.call('GET', `/redirects?search[$ne]=x`);
    expect(operator.status).toBe(400);
  });
});

describe('bad input derived from the schemas', () => {
  for (const route of redirectRoutes) {
    it(`${routeKey(route)}: every derived bad input is a 400 (REST)`, async () => {
      for (const badCase of badInputCases(route).filter((c) => c.faces.includes('rest'))) {
        const response = await callFace(server, 'rest', {
          route,
          input: {
            ...validInputOf(route),
            organizationId: f.org.organization.id,
            siteId: f.siteId,
            ...badCase.values,
          },
          token: f.org.admin.token,
          ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
        });
        expect(response.status, `${badCase.title}: ${describeResponse(response)}`).toBe(400);
      }
    });
  }
});
