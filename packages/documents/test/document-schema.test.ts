import { describe, expect, it } from 'vitest';
import { documentLimits, jsonDocumentSchema, markdownToDocument } from '../src/index';

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const paragraph = (value = 'x') => ({ object: 'block', type: 'paragraph', nodes: [text(value)] });
const quote = (nodes: unknown[]) => ({ object: 'block', type: 'blockquote', nodes });
const documentOf = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes });

function firstIssue(value: unknown): { path: string; message: string } | undefined {
  const result = jsonDocumentSchema.safeParse(value);
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
}

function nestedQuotes(depth: number): unknown {
  let node: unknown = paragraph();
  for (let level = 0; level < depth; level += 1) node = quote([node]);
  return documentOf(node);
}

describe('jsonDocumentSchema', () => {
  it('accepts a tree produced on read, and one without keys or optional data', () => {
    expect(jsonDocumentSchema.safeParse(markdownToDocument('# a\n\n- b\n')).success).toBe(true);
    expect(jsonDocumentSchema.parse({ object: 'document', nodes: [paragraph()] })).toEqual({
      object: 'document',
      data: {},
      nodes: [paragraph()],
    });
  });

  it.each([
    [
      'an unknown block type',
      documentOf(paragraph(), paragraph(), paragraph(), quote([{ ...paragraph(), type: 'video' }])),
      'nodes.3.nodes.0.type',
    ],
    ['an unknown top-level type', documentOf({ ...paragraph(), type: 'heading-4' }), 'nodes.0.type'],
    [
      'a block where GitBook does not allow it (code in a quote)',
      documentOf(quote([{ object: 'block', type: 'code', nodes: [] }])),
      'nodes.0.nodes.0.type',
    ],
    [
      'an unknown mark',
      documentOf({
        ...paragraph(),
        nodes: [
          {
            object: 'text',
            leaves: [{ object: 'leaf', text: 'a', marks: [{ object: 'mark', type: 'underline' }] }],
          },
        ],
      }),
      'nodes.0.nodes.0.leaves.0.marks.0.type',
    ],
    [
      // GitBook's color mark (known since issue 27) needs its colors.
      'a color mark without its colors',
      documentOf({
        ...paragraph(),
        nodes: [
          {
            object: 'text',
            leaves: [{ object: 'leaf', text: 'a', marks: [{ object: 'mark', type: 'color' }] }],
          },
        ],
      }),
      'nodes.0.nodes.0.leaves.0.marks.0.data',
    ],
    ['an unknown key', documentOf({ ...paragraph(), extra: 1 }), 'nodes.0'],
    [
      'a hint style',
      documentOf({ object: 'block', type: 'hint', data: { style: 'tip' }, nodes: [] }),
      'nodes.0.data.style',
    ],
    [
      'a link to another space',
      documentOf({
        ...paragraph(),
        nodes: [{ object: 'inline', type: 'link', data: { ref: { kind: 'space', space: 's' } }, nodes: [] }],
      }),
      'nodes.0.nodes.0.data.ref.kind',
    ],
    [
      'a file id that is a path',
      documentOf({
        ...paragraph(),
        nodes: [
          {
            object: 'inline',
            type: 'inline-image',
            isVoid: true,
            data: { ref: { kind: 'file', file: '../x' } },
          },
        ],
      }),
      'nodes.0.nodes.0.data.ref.file',
    ],
    ['not a document', { object: 'block', nodes: [] }, 'object'],
  ])('refuses %s, naming the field', (_name, value, path) => {
    expect(firstIssue(value)?.path).toBe(path);
  });

  it('refuses a tree nested too deep, before the recursive schema sees it', () => {
    const issue = firstIssue(nestedQuotes(documentLimits.maxDepth + 1));
    expect(issue?.message).toBe(`nodes nested deeper than ${documentLimits.maxDepth} levels`);
    expect(issue?.path.startsWith('nodes.0.nodes.0.nodes.0')).toBe(true);
    expect(jsonDocumentSchema.safeParse(nestedQuotes(10)).success).toBe(true);
  });

  it('refuses a hostile depth (100,000 levels) without overflowing the stack', () => {
    expect(firstIssue(nestedQuotes(100_000))?.message).toBe(
      `nodes nested deeper than ${documentLimits.maxDepth} levels`,
    );
  });

  it('refuses too many nodes', () => {
    const many = documentOf(...Array.from({ length: documentLimits.maxNodes / 4 }, () => paragraph()));
    expect(firstIssue(many)?.message).toBe(`document has more than ${documentLimits.maxNodes} nodes`);
  });

  it('refuses a text too long, naming it', () => {
    const issue = firstIssue(
      documentOf(paragraph('a'), paragraph('x'.repeat(documentLimits.maxTextLength + 1))),
    );
    expect(issue).toEqual({
      path: 'nodes.1.nodes.0.leaves.0.text',
      message: `text longer than ${documentLimits.maxTextLength} characters`,
    });
  });
});
