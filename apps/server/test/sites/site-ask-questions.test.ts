/**
 * `GET ORG/sites/{siteId}/ask/questions` through real HTTP (issue 28, item 6): the questions a
 * site suggests, none while no AI provider is configured: an empty event stream on REST (as
 * GitBook streams them), an empty list on GraphQL and tRPC; asked for by whoever may search
 * the site (its published view's visitors), a 404 for anyone else and for a site space the
 * visit does not show, a 400 naming a bad field.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { operations } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpace } from '../support/content';
import { expectError, expectFieldError } from '../support/expectations';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI documents are untyped JSON
type Json = any;

/** GitBook's published API document of 0.202.0 (the test dependency `@gitbook/api-0202`). */
function gitbookDocument0202(): Json {
  const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@gitbook/api-0202')));
  return JSON.parse(readFileSync(join(packageDir, 'spec', 'openapi.json'), 'utf8'));
}

let server: TestServer;
let org: TestOrganization;
let sitePath: string;
let siteId: string;
let siteSpaceId: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  const space = await createSpace(server, org, { title: 'Guides' });
  const site = await server.api(`/v1/orgs/${org.organization.id}/sites`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Docs' },
  });
  expect(site.status).toBe(201);
  siteId = site.body.id;
  sitePath = `/v1/orgs/${org.organization.id}/sites/${siteId}`;
  const section = await server.api(`${sitePath}/sections`, {
    method: 'POST',
    token: org.admin.token,
    body: { spaceId: space.id },
  });
  expect(section.status).toBeLessThan(300);
  const siteSpaces = await server.api(`${sitePath}/site-spaces`, { token: org.admin.token });
  siteSpaceId = siteSpaces.body.items[0].id;
});
afterAll(() => server.close());

const ask = (query = '', token: string | null = org.admin.token) =>
  server.api(`${sitePath}/ask/questions${query}`, { token, headers: { accept: 'text/event-stream' } });

describe('GET ORG/sites/{siteId}/ask/questions', () => {
  it('answers an empty event stream on REST and an empty list on GraphQL and tRPC', async () => {
    const streamed = await ask();
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(streamed.body).toBeUndefined();
    expect((await ask(`?siteSpaceId=${siteSpaceId}`)).status).toBe(200);

    const route = findRoute('GET /v1/orgs/:organizationId/sites/:siteId/ask/questions');
    if (!route) throw new Error('no route for the suggested questions');
    const input = { organizationId: org.organization.id, siteId, siteSpaceId };
    const answers = await callFaces(server, { route, input, token: org.admin.token });
    expect(answers.graphql.status).toBe(200);
    expect(answers.graphql.data).toEqual([]);
    expect(answers.trpc.status).toBe(200);
    expect(answers.trpc.data).toEqual([]);
  });

  it('is hidden (404) from who may not search the site, and from anyone for a site space it does not show', async () => {
    expectError(await ask('', null), 404);
    const other = await createOrganization(server);
    const stranger = await addMember(server, other.organization.id, 'admin');
    expectError(await ask('', stranger.token), 404);
    const reader = await addMember(server, org.organization.id, 'read');
    expect((await ask('', reader.token)).status).toBe(200);
    expectError(await ask('?siteSpaceId=unknown'), 404);
    expectError(await ask('?spaceId=unknown'), 404);
    // The site under another organization's path.
    const elsewhere = await server.api(`/v1/orgs/${other.organization.id}/sites/${siteId}/ask/questions`, {
      token: other.admin.token,
    });
    expectError(elsewhere, 404);
  });

  it('is asked for by anyone once the site is published, and names a bad field (400)', async () => {
    expectFieldError(await ask(`?siteSpaceId=${'x'.repeat(65)}`), 'siteSpaceId');
    const published = await server.api(`${sitePath}/publish`, { method: 'POST', token: org.admin.token });
    expect(published.status).toBe(200);
    const anonymous = await ask('', null);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it("describes the stream in the API document, its example an event of GitBook's shape", async () => {
    const document = await server.api('/openapi.json');
    expect(document.status).toBe(200);
    const operation = document.body.paths['/v1/orgs/{organizationId}/sites/{siteId}/ask/questions'].get;
    expect(operation.operationId).toBe(operations.sites.askQuestions.name);
    const stream = operation.responses['200'].content['text/event-stream'];
    expect(stream.example).toEqual({ question: expect.any(String) });
    // GitBook's event (0.202.0's SearchAIRecommendedQuestionStream): its fields, of their types.
    const gitbook = gitbookDocument0202();
    const ref: string =
      gitbook.paths['/orgs/{organizationId}/sites/{siteId}/ask/questions'].get.responses['200'].content[
        'text/event-stream'
      ].schema.$ref;
    const event = gitbook.components.schemas[ref.split('/').pop() as string];
    expect(Object.keys(stream.example).sort()).toEqual(Object.keys(event.properties).sort());
    for (const name of event.required) expect(typeof stream.example[name]).toBe(event.properties[name].type);
  });
});
