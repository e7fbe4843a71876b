/**
 * A page inserted without a title takes its markdown's leading `# heading` (`leadingHeading`),
 * found on the request's thread: in one pass, so a long heading line costs its length. The
 * pattern it was tried each length of the title against the spaces after it: 100,000 of them
 * held the server about 8 s.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// The pattern this replaced took 13 s for 100,000 spaces, four times as long for twice as many:
// past this test's time limit (a bound on finishing, not a measure; `bench/` measures).
it('takes a leading heading of 200,000 spaces as the title without holding the server', async () => {
  const org = await createOrganization(server);
  const created = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook' },
  });
  expect(created.status).toBe(201);
  const spaces = ' '.repeat(200_000);
  const edited = await server.api(`/v1/spaces/${created.body.id}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      changes: [{ operation: 'insert_page', document: { markdown: `# Install${spaces}now\n\nRun it.\n` } }],
    },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  const content = await server.api(`/v1/spaces/${created.body.id}/content`, { token: org.admin.token });
  expect(content.body.pages.map((page: { title: string }) => page.title)).toEqual([`Install${spaces}now`]);
}, 20_000);
