/**
 * The OpenAPI blocks read from the organization's spec (`openapi-spec.ts`): an operation with
 * its parameters, request body, responses and examples, a schema block, a webhook; each HTML
 * well-formed and snapshotted. Bad input: a spec that is not JSON, one past the size bound,
 * `$ref` cycles and refs out of the document, an operation the spec lacks, a spec the server
 * did not give (another organization's, or one the site token may not read): the block's head
 * alone, never a failure and never markup of the spec's.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { describe, expect, it } from 'vitest';
import { MAX_SPEC_CHARS, openApiLinksOf, openApiSpecSlugsOf } from '../src/openapi-spec';
import { renderReaderPage } from '../src/render-page';
import { blockHtmlOf, PETSTORE, propsFor } from './support/page-props';
import { htmlProblems } from './support/well-formed';

const PAGE = `# Pets

{% openapi-operation spec="petstore" path="/pets" method="post" %}
{% endopenapi-operation %}

{% openapi-operation spec="petstore" path="/pets/{petId}" method="delete" %}
{% endopenapi-operation %}

{% openapi-schemas spec="petstore" schemas="Pet,Error" title="Models" %}
{% endopenapi-schemas %}

{% openapi-webhook spec="petstore" name="newPet" method="post" %}
{% endopenapi-webhook %}
`;

let versions = 0;
/** The page above rendered with the given specs by slug (each a new version: parsed anew). */
async function pageWith(specs: Record<string, string>, markdown = PAGE): Promise<string> {
  const document = markdownToDocument(markdown);
  const base = await propsFor();
  const links = openApiLinksOf(
    new Map(Object.entries(specs).map(([slug, text]) => [slug, { version: `v${++versions}`, text }])),
  );
  const html = renderReaderPage({
    ...base,
    page: { ...base.page, document },
    links: { ...base.links, ...links },
  });
  expect(htmlProblems(html)).toEqual([]);
  return blockHtmlOf(html);
}

describe('OpenAPI blocks from the spec', () => {
  it('an operation: summary, request body with its schema and example, responses, example request', async () => {
    const html = await pageWith({ petstore: PETSTORE });
    expect(html).toContain('<p class="openapi-summary">Add a pet</p>');
    expect(html).toContain(
      '<details class="openapi-body" open=""><summary>Request body<span class="required"> required</span>',
    );
    expect(html).toContain(
      '<code class="openapi-name">name</code> <span class="openapi-type">string</span><span class="required"> required</span>',
    );
    // The media type's own example, not one made from the schema.
    expect(html).toContain('&quot;name&quot;: &quot;Tom&quot;');
    expect(html).toContain('<code class="status status-2">201</code> <!-- -->Added');
    expect(html).toContain('curl -X POST &#x27;https://api.shelter.test/v2/pets&#x27;');
    expect(html).toContain('<span class="openapi-deprecated">Deprecated</span>');
    expect(html).toMatchSnapshot();
  });

  it('a schema block: each schema as its property tree, allowed values and an example; a webhook', async () => {
    const html = await pageWith({ petstore: PETSTORE });
    expect(html).toContain('<section class="openapi-schemas" aria-label="Models">');
    expect(html).toContain('<summary><code>Pet</code> <span class="openapi-type">object</span></summary>');
    expect(html).toContain('<code>&quot;adopted&quot;</code>');
    expect(html).toContain('<span class="openapi-type">Person | null</span>');
    expect(html).toContain('<section class="openapi-operation" aria-label="Webhook newPet">');
    expect(html).toContain('<p class="openapi-summary">A pet arrived</p>');
  });

  it('names the specs a page shows, once each', () => {
    expect(openApiSpecSlugsOf(markdownToDocument(PAGE))).toEqual(['petstore']);
  });
});

describe('OpenAPI blocks, bad input', () => {
  const headOnly = (html: string) => {
    expect(html).toContain(
      '<span class="method method-post">POST</span><code class="openapi-path">/pets</code>',
    );
    expect(html).not.toContain('openapi-summary');
    expect(html).toContain('<p class="openapi-schema-item"><code>Pet</code></p>');
  };

  it('a spec the server did not give (another organization’s, or one the token may not read): the head alone', async () => {
    headOnly(await pageWith({ other: PETSTORE }));
  });

  it('a spec that is not JSON, or past the size bound: the head alone', async () => {
    headOnly(await pageWith({ petstore: '{"openapi": "3.1.0", "paths": {' }));
    headOnly(await pageWith({ petstore: '["not", "an", "object"]' }));
    const huge = `{"openapi":"3.1.0","x":"${'a'.repeat(MAX_SPEC_CHARS)}"}`;
    headOnly(await pageWith({ petstore: huge }));
  });

  it('an operation or schema the spec lacks, and hostile keys: the head alone', async () => {
    const spec = JSON.stringify({
      openapi: '3.1.0',
      paths: { '/other': { post: { summary: 'Other' } } },
      components: { schemas: {} },
    });
    headOnly(await pageWith({ petstore: spec }));
    const markdown = `{% openapi-operation spec="petstore" path="/__proto__" method="get" %}\n{% endopenapi-operation %}\n`;
    const html = await pageWith({ petstore: spec }, markdown);
    expect(html).toContain('<code class="openapi-path">/__proto__</code>');
    expect(html).not.toContain('openapi-summary');
  });

  it('$ref cycles, refs out of the document and deep nesting end, bounded', async () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 200; level++) deep = { type: 'object', properties: { next: deep } };
    const spec = JSON.stringify({
      openapi: '3.1.0',
      paths: {
        '/pets': {
          post: {
            summary: 'Add a pet',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            responses: {
              '200': { $ref: 'https://elsewhere.test/responses.json#/Ok' },
              '400': { $ref: '#/components/responses/Loop' },
            },
          },
        },
      },
      components: {
        responses: { Loop: { $ref: '#/components/responses/Loop' } },
        schemas: {
          Pet: { type: 'object', properties: { self: { $ref: '#/components/schemas/Pet' }, deep } },
          Error: { $ref: '#/components/schemas/Error' },
        },
      },
    });
    const html = await pageWith({ petstore: spec });
    expect(html).toContain('<p class="openapi-summary">Add a pet</p>');
    expect(html).toContain('<code class="openapi-name">self</code> <span class="openapi-type">Pet</span>');
    expect(html).not.toContain('elsewhere.test');
    // Seven levels of the deep schema at most in each of its two trees (the body's, the schema block's).
    expect(html.split('<code class="openapi-name">next</code>').length - 1).toBeLessThanOrEqual(14);
  });
});
