/**
 * The GraphiQL page and its files over HTTP (the browser test checks that they work): the
 * page names only this server's files and carries its own Content-Security-Policy; the
 * files are revalidated by ETag; an unknown file is the usual 404. A browser signed in to the
 * web app gets a page whose headers pane holds its session's CSRF token, and GraphiQL's calls
 * (the cookie and that header) run as the person.
 */
import { setUserPassword } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from '../../src/faces/graphql/graphiql';
import { TestBrowser } from '../sessions/test-browser';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ QUIRE_TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

describe('the GraphiQL page', () => {
  it('is served to browsers without a token, with its own policy and only local files', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBe(GRAPHIQL_CONTENT_SECURITY_POLICY);
    const html = await response.text();
    const references = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(references.sort()).toEqual([
      '/graphiql/favicon.ico',
      '/graphiql/graphiql.css',
      '/graphiql/graphiql.js',
    ]);
  });

  /** The JSON the page renders GraphiQL with. */
  const optionsOf = (html: string) =>
    JSON.parse(/<script id="graphiql-options" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!);

  it('holds the CSRF token of a signed-in browser, so that GraphiQL runs as the person with nothing typed', async () => {
    const { organization, admin } = await createOrganization(server);
    await setUserPassword(server.services, {
      userId: admin.user.id,
      password: 'correct horse battery staple',
    });
    const browser = new TestBrowser(server);
    expect((await browser.signIn(admin.user.email, 'correct horse battery staple')).status).toBe(200);

    const page = await browser.request('/graphql', { headers: { accept: 'text/html' }, csrf: false });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toMatch(/cookie/i);
    const headers = JSON.parse(optionsOf(page.body).headers);
    expect(headers).toEqual({ 'x-quire-csrf': browser.csrfToken });

    // What GraphiQL then sends: a POST with the cookie and the pane's headers.
    const query = `{ orgsGet(organizationId: "${organization.id}") { title } }`;
    const answer = await browser.request('/graphql', {
      method: 'POST',
      body: { query },
      csrf: false,
      headers,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.orgsGet.title).toBe(organization.title);
  });

  it('shows where an API token goes to a browser without a session, or with a forged one', async () => {
    for (const cookie of [undefined, 'quire_session=forged.value']) {
      const response = await fetch(`${server.url}/graphql`, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(optionsOf(await response.text()).headers)).toEqual({
        Authorization: 'Bearer <your API token>',
      });
    }
  });

  it.each([
    ['graphiql.js', 'text/javascript'],
    ['graphiql.css', 'text/css'],
    ['favicon.ico', 'image/x-icon'],
    ['workers/editorWorkerService.js', 'text/javascript'],
    ['workers/json.js', 'text/javascript'],
    ['workers/graphql.js', 'text/javascript'],
  ])('serves %s, revalidated by its ETag', async (file, type) => {
    const response = await fetch(`${server.url}/graphiql/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(type);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.url}/graphiql/${file}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers an unknown file with the usual 404', async () => {
    const response = await server.api('/graphiql/nothing.js');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe(404);
  });
});
