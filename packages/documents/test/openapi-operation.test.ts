import { describe, expect, it } from 'vitest';
import {
  documentToMarkdown,
  jsonDocumentSchema,
  linksOf,
  markdownOutline,
  markdownSections,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

const OPEN = '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}';
const CLOSE = '{% endopenapi-operation %}';
const LINK = '[OpenAPI petstore](https://api.example.com/v1/orgs/acme/openapi/petstore)';
const PRINTED = OPEN + '\n' + CLOSE + '\n';

const block = (data: unknown) => ({ object: 'block', type: 'openapi-operation', isVoid: true, data });
const pointer = { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'get' };
const documentOf = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

function issuesOf(value: unknown): Array<{ path: string; message: string }> {
  return (jsonDocumentSchema.safeParse(value).error?.issues ?? []).map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
}

describe('the openapi-operation block in markdown', () => {
  it.each([
    ["GitBook's Git Sync form, with the link to the spec", OPEN + '\n' + LINK + '\n' + CLOSE + '\n'],
    ['the printed form, without the link', PRINTED],
    [
      'the attributes in another order',
      '{% openapi-operation method="get" spec="petstore" path="/pets/{petId}" %}\n' + CLOSE,
    ],
  ])('reads %s into one block, printed without the link', (_name, markdown) => {
    expect(markdownToDocument(markdown).nodes).toEqual([{ key: '0', ...block(pointer) }]);
    expect(normalizeMarkdown(markdown)).toBe(PRINTED);
  });

  it('prints the block between blank lines, and reads it back the same', () => {
    const document = {
      object: 'document' as const,
      data: {},
      nodes: [
        { object: 'block' as const, type: 'paragraph' as const, nodes: [] },
        block({ ref: { kind: 'openapi', spec: 'api-v2' }, path: '/a_b_/*c*/<d>&e', method: 'patch' }),
      ],
    };
    const markdown = documentToMarkdown(jsonDocumentSchema.parse(document));
    expect(markdown).toBe(
      '{% openapi-operation spec="api-v2" path="/a_b_/*c*/<d>&e" method="patch" %}\n' + CLOSE + '\n',
    );
    expect(markdownToDocument(markdown).nodes).toEqual([
      {
        key: '0',
        ...block({ ref: { kind: 'openapi', spec: 'api-v2' }, path: '/a_b_/*c*/<d>&e', method: 'patch' }),
      },
    ]);
  });

  it.each([
    ['an unknown method', '{% openapi-operation spec="petstore" path="/pets" method="fetch" %}\n' + CLOSE],
    ['an upper-case method', '{% openapi-operation spec="petstore" path="/pets" method="GET" %}\n' + CLOSE],
    ['a bad slug', '{% openapi-operation spec="Pet_Store" path="/pets" method="get" %}\n' + CLOSE],
    [
      'a path without its slash',
      '{% openapi-operation spec="petstore" path="pets" method="get" %}\n' + CLOSE,
    ],
    ['no path', '{% openapi-operation spec="petstore" method="get" %}\n' + CLOSE],
    ['an unknown attribute', '{% openapi-operation spec="p" path="/p" method="get" src="x" %}\n' + CLOSE],
    ['text instead of the link', OPEN + '\nSome words.\n' + CLOSE],
    ['no closing tag', OPEN],
    ['escaped tags', '\\' + OPEN + '\n\\' + CLOSE],
  ])('keeps %s as text', (_name, markdown) => {
    const [first] = markdownToDocument(markdown).nodes;
    expect(first?.type).toBe('paragraph');
    const again = normalizeMarkdown(markdown);
    expect(markdownToDocument(again).nodes[0]?.type).toBe('paragraph');
    expect(normalizeMarkdown(again)).toBe(again);
  });

  it('is read at the top level only (GitBook allows it nowhere else)', () => {
    const inList = '- ' + OPEN + '\n  ' + CLOSE + '\n';
    expect(markdownToDocument(inList).nodes[0]?.type).toBe('list-unordered');
    const inHint = '{% hint style="info" %}\n\n' + PRINTED + '\n{% endhint %}\n';
    const hint = markdownToDocument(inHint).nodes[0];
    expect(hint?.type).toBe('hint');
    expect(JSON.stringify(hint)).not.toContain('openapi-operation"');
  });

  it('is neither a link nor text: links, sections and outlines leave it out', () => {
    const markdown = '# Pets\n\nBefore.\n\n' + OPEN + '\n' + LINK + '\n' + CLOSE + '\n\nAfter.\n';
    expect(linksOf(markdown)).toEqual([]);
    expect(markdownSections(markdown)).toEqual([
      { heading: null, text: '' },
      { heading: { title: 'Pets', anchor: 'pets' }, text: 'Before.\nAfter.' },
    ]);
    expect(markdownOutline(markdown).links).toEqual([]);
  });
});

describe('the openapi-operation block in the write schema', () => {
  it('accepts a pointer, with or without isVoid', () => {
    expect(issuesOf(documentOf(block(pointer)))).toEqual([]);
    const { isVoid: _isVoid, ...withoutVoid } = block(pointer);
    expect(issuesOf(documentOf(withoutVoid))).toEqual([]);
  });

  it.each([
    ['an unknown method', { ...pointer, method: 'fetch' }, 'nodes.0.data.method'],
    ['an upper-case method', { ...pointer, method: 'GET' }, 'nodes.0.data.method'],
    ['a bad slug', { ...pointer, ref: { kind: 'openapi', spec: 'Pet Store' } }, 'nodes.0.data.ref.spec'],
    [
      'a slug too long',
      { ...pointer, ref: { kind: 'openapi', spec: 'a'.repeat(101) } },
      'nodes.0.data.ref.spec',
    ],
    ['another kind of reference', { ...pointer, ref: { kind: 'url', url: 'x' } }, 'nodes.0.data.ref.kind'],
    ['a missing path', { ref: pointer.ref, method: 'get' }, 'nodes.0.data.path'],
    ['a path without its slash', { ...pointer, path: 'pets' }, 'nodes.0.data.path'],
    ['a path with a quote', { ...pointer, path: '/pets"' }, 'nodes.0.data.path'],
    ['a path on two lines', { ...pointer, path: '/pets\n/x' }, 'nodes.0.data.path'],
    ['an unknown field', { ...pointer, extra: 1 }, 'nodes.0.data'],
  ])('refuses %s, naming the field', (_name, data, path) => {
    expect(issuesOf(documentOf(block(data)))[0]?.path).toBe(path);
  });

  it('says what a method must be', () => {
    expect(issuesOf(documentOf(block({ ...pointer, method: 'fetch' })))[0]?.message).toBe(
      'an HTTP method in lower case: get, put, post, delete, options, head, patch, trace',
    );
  });

  it('refuses the block anywhere but the top level', () => {
    const quote = { object: 'block', type: 'blockquote', nodes: [block(pointer)] };
    expect(issuesOf(documentOf(quote))[0]?.path).toBe('nodes.0.nodes.0.type');
  });
});
