/**
 * The GraphiQL page and its files over HTTP (the browser test checks that they work): the
 * page names only this server's files and carries its own Content-Security-Policy; the
 * files are revalidated by ETag; an unknown file is the usual 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_CONTENT_SECURITY_POLICY } from '../../src/faces/graphql/graphiql';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
