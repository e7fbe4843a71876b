/**
 * The reader's OpenAPI blocks through HTTP (issue 29, item 2): a published page naming an
 * organization's spec shows the operation as the spec has it (summary, parameters, responses
 * with their schemas, the example request), read with the visitor's site token — which may read
 * that spec because the published page names it (the openapi policy's rule 0) — and a block
 * naming a spec that does not exist shows its method and path alone; a spec uploaded again shows
 * at once, though the page's revision is the same. The page stays
 * well-formed and its only inline SVG is the reader's own (formulas, icons).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgProblems } from '../../../../packages/reader/test/support/svg-problems';
import { htmlProblems } from '../../../../packages/reader/test/support/well-formed';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, type ReaderFixture, readerFixture } from './reader-fixture';

const PETSTORE = readFileSync(
  new URL('../../../../packages/reader/test/fixtures/petstore-spec.json', import.meta.url),
  'utf8',
);

let server: TestServer;
let f: ReaderFixture;

/** Waits for the spec's upload to be processed (a job): a version exists. */
async function processed(slug: string): Promise<void> {
  for (;;) {
    const spec = await f.admin('GET', `/v1/orgs/${f.org.organization.id}/openapi/${slug}`);
    if (spec.lastProcessErrorCode) throw new Error(`spec ${slug}: ${spec.lastProcessErrorMessage}`);
    if (spec.processingState === 'complete') return;
    if (spec.processingState !== 'pending' && spec.processingState !== 'progress')
      throw new Error(`spec ${slug}: ${JSON.stringify(spec)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
  // Before any page is read (rendered pages are kept): the every-block page names `petstore`.
  await f.admin('POST', `/v1/orgs/${f.org.organization.id}/openapi`, {
    slug: 'petstore',
    source: { text: PETSTORE },
  });
  await processed('petstore');
  await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
    changes: [
      {
        operation: 'insert_page',
        title: 'Missing spec',
        document: {
          markdown:
            '{% openapi-operation spec="no-such-spec" path="/pets" method="post" %}\n{% endopenapi-operation %}\n',
        },
      },
    ],
  });
}, 120_000);
afterAll(() => server.close());

describe('OpenAPI blocks of a published page', () => {
  it("show the operation from the organization's spec, read with the visitor's site token", async () => {
    const page = await getPage(server, `${f.base}guides/every-block`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '<span class="method method-get">GET</span><code class="openapi-path">/pets/{petId}</code>',
    );
    expect(page.body).toContain('<p class="openapi-summary">Find a pet</p>');
    expect(page.body).toContain('<code class="openapi-name">name</code>');
    expect(page.body).toContain('curl -X GET &#x27;https://api.shelter.test/v2/pets/{petId}&#x27;');
    // The schema and webhook blocks of the fixture, from the same spec.
    expect(page.body).toContain(
      '<summary><code>Pet</code> <span class="openapi-type">object</span></summary>',
    );
    expect(page.body).toContain('<p class="openapi-summary">A pet arrived</p>');
    expect(htmlProblems(page.body)).toEqual([]);
    expect(svgProblems(page.body)).toEqual([]);
  });

  it('show the spec as uploaded again, with no new revision (the render key names its version)', async () => {
    const spec = `/v1/orgs/${f.org.organization.id}/openapi/petstore`;
    expect((await getPage(server, `${f.base}guides/every-block`)).body).toContain('Find a pet');
    const before = await f.admin('GET', `${spec}/versions/latest`);
    await f.admin('PUT', spec, { source: { text: PETSTORE.replace('"Find a pet"', '"Find one pet"') } });
    for (;;) {
      const latest = await f.admin('GET', `${spec}/versions/latest`);
      if (latest.id !== before.id) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await processed('petstore');
    const page = await getPage(server, `${f.base}guides/every-block`);
    expect(page.body).toContain('<p class="openapi-summary">Find one pet</p>');
    expect(page.body).not.toContain('Find a pet');
  });

  it('show a block naming a spec that does not exist as its method and path alone', async () => {
    const page = await getPage(server, `${f.base}missing-spec`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      '<span class="method method-post">POST</span><code class="openapi-path">/pets</code></div></section>',
    );
  });
});
