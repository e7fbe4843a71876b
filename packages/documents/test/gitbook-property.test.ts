import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DocumentBlock,
  type DocumentInlineContent,
  type DocumentMark,
  documentToMarkdown,
  type JSONDocument,
  jsonDocumentSchema,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

/**
 * Round trips over generated documents of every GitBook type (issue 27): document ->
 * markdown -> document is the identity (trees in the reader's canonical form: `data` as the
 * reader writes it, one text between two inlines), and the markdown is stable on a second
 * pass. Text and attribute values carry what markdown and tags read as syntax.
 */

function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, item]) => name !== 'key' && item !== undefined)
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

const letters = [...'abcXYZ019'];
const tricky = [...'*_[]#>|`\\&<-+!~{%}()"\'=$é✓'];
/** A word: letters with syntax characters inside (never at the edges, where marks would move). */
const word = fc
  .tuple(
    fc.constantFrom(...letters),
    fc.string({ unit: fc.constantFrom(...letters, ...tricky), maxLength: 6 }),
    fc.constantFrom(...letters),
  )
  .map(([first, middle, last]) => first + middle + last);
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
/**
 * A value written in a tag attribute: one line, any character a title may hold but a backtick
 * (in GitBook's tight form a backtick in a tag can open a code span that the next line closes,
 * and the tag line is then text: a known limit, see gitbook-blocks.ts).
 */
const attribute = fc
  .string({
    unit: fc.constantFrom(...letters, ...tricky.filter((char) => char !== '`'), ' '),
    minLength: 1,
    maxLength: 12,
  })
  .map((value) => value.trim())
  .filter((value) => value !== '');
const slug = fc.constantFrom('rocket', 'check', 'a-b', 'x1');
const id = fc.constantFrom('p1', 'abc', 'X_9-z');

const colors = ['red', 'blue', '$primary', 'default'] as const;
const markArbitrary = fc
  .tuple(
    fc.subarray(
      ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript'] as const,
      { maxLength: 2 },
    ),
    fc.option(fc.tuple(fc.constantFrom(...colors), fc.constantFrom(...colors)), { nil: undefined }),
  )
  .map(([types, color]): DocumentMark[] => {
    const marks: DocumentMark[] = types.map((type) => ({ object: 'mark', type }));
    if (color !== undefined && (color[0] !== 'default' || color[1] !== 'default'))
      marks.push({ object: 'mark', type: 'color', data: { text: color[0], background: color[1] } });
    return marks;
  });
const order = ['bold', 'italic', 'strikethrough', 'code', 'keyboard', 'superscript', 'subscript', 'color'];
const textArbitrary = fc.tuple(words, markArbitrary).map(
  ([text, marks]): DocumentInlineContent => ({
    object: 'text',
    leaves: [
      {
        object: 'leaf',
        text,
        marks: [...marks].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)),
      },
    ],
  }),
);
const plainText = words.map(
  (text): DocumentInlineContent => ({ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }),
);

const linkRef = fc.oneof(
  id.map((page) => ({ kind: 'page' as const, page })),
  id.map((file) => ({ kind: 'file' as const, file })),
  fc.constantFrom('https://x.test/a?b=1', 'https://x.test/').map((url) => ({ kind: 'url' as const, url })),
);
const inlineArbitrary = fc.oneof(
  fc.tuple(linkRef, plainText).map(
    ([ref, text]): DocumentInlineContent => ({
      object: 'inline',
      type: 'link',
      data: { ref },
      nodes: [text as never],
    }),
  ),
  fc.constantFrom('x^2', 'a_b', '\\frac{1}{2}').map(
    (formula): DocumentInlineContent => ({
      object: 'inline',
      type: 'inline-math',
      isVoid: true,
      data: { formula },
    }),
  ),
  fc.constantFrom('space.vars.version', 'page.vars.x').map(
    (expression): DocumentInlineContent => ({
      object: 'inline',
      type: 'expression',
      isVoid: true,
      data: { expression },
    }),
  ),
  fc.tuple(slug, fc.constantFrom(undefined, 'red' as const)).map(
    ([icon, color]): DocumentInlineContent => ({
      object: 'inline',
      type: 'icon',
      isVoid: true,
      data: color ? { icon, color } : { icon },
    }),
  ),
  fc
    .tuple(
      words,
      fc.constantFrom('primary', 'secondary' as const),
      linkRef,
      fc.option(slug, { nil: undefined }),
    )
    .map(
      ([label, kind, ref, icon]): DocumentInlineContent => ({
        object: 'inline',
        type: 'button',
        isVoid: true,
        data: icon ? { label, kind, ref, icon } : { label, kind, ref },
      }),
    ),
  linkRef.map(
    (ref): DocumentInlineContent => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref } }),
  ),
);
/** Text, then inlines each followed by text (the reader merges adjacent texts). */
const inlines = fc
  .tuple(textArbitrary, fc.array(fc.tuple(inlineArbitrary, textArbitrary), { maxLength: 2 }))
  .map(([first, rest]) => [first, ...rest.flat()]);

const block = (type: string, fields: Record<string, unknown>): DocumentBlock =>
  ({ object: 'block', type, ...fields }) as DocumentBlock;
const paragraph = inlines.map((nodes) => block('paragraph', { data: {}, nodes }));
const heading = fc
  .tuple(fc.constantFrom('heading-1', 'heading-2', 'heading-3'), inlines)
  .map(([type, nodes]) => block(type, { data: {}, nodes }));
const divider = fc.constant(block('divider', { isVoid: true, data: {} }));
const list = fc
  .tuple(
    fc.constantFrom('list-unordered', 'list-ordered', 'list-tasks'),
    fc.array(fc.tuple(paragraph, fc.boolean()), { minLength: 1, maxLength: 2 }),
  )
  .map(([type, items]) =>
    block(type, {
      data: {},
      nodes: items.map(([item, checked]) =>
        block('list-item', { data: type === 'list-tasks' ? { checked } : {}, nodes: [item] }),
      ),
    }),
  );
const essential = fc.oneof(paragraph, heading, divider, list);
const codeLines = fc.array(fc.string({ unit: fc.constantFrom(...letters, ...tricky, ' '), maxLength: 10 }), {
  minLength: 1,
  maxLength: 3,
});
const code = fc
  .tuple(
    codeLines,
    fc.option(fc.constantFrom('ts', 'bash'), { nil: undefined }),
    fc.option(attribute, { nil: undefined }),
    fc.option(fc.boolean(), { nil: undefined }),
    fc.option(fc.constantFrom('wrap', 'scroll' as const), { nil: undefined }),
  )
  .map(([lines, syntax, title, lineNumbers, overflow]) =>
    block('code', {
      data: Object.fromEntries(
        Object.entries({ syntax, title, lineNumbers, overflow }).filter(([, value]) => value !== undefined),
      ),
      nodes: lines.map((text) =>
        block('code-line', {
          data: {},
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
        }),
      ),
    }),
  );
const math = fc
  .constantFrom('x^2', 'a \\\\ b', '\\sum_{i=0}^n i')
  .map((formula) => block('math', { isVoid: true, data: { formula } }));
const captionOf = (nodes: DocumentInlineContent[]) => [
  { object: 'fragment', fragment: 'caption', nodes: [block('paragraph', { data: {}, nodes })] },
];
/** A card's or a summary's text: HTML in markdown, so texts, links and mentions (other inlines have no form there). */
const cardInline = inlineArbitrary.filter(
  (node) => node.object === 'inline' && (node.type === 'link' || node.type === 'mention'),
);
const cardInlines = fc
  .tuple(textArbitrary, fc.array(fc.tuple(cardInline, textArbitrary), { maxLength: 2 }))
  .map(([first, rest]) => [first, ...rest.flat()]);
const images = fc
  .tuple(
    linkRef.filter((ref) => ref.kind !== 'page'),
    fc.option(word, { nil: undefined }),
    fc.option(cardInlines, { nil: undefined }),
    fc.boolean(),
  )
  .map(([ref, alt, caption, figure]) => {
    const data: Record<string, unknown> = { ref, ...(alt ? { alt } : {}) };
    if (figure)
      Object.assign(data, { refDark: { kind: 'file', file: 'dark1' }, width: { unit: '%', value: 40 } });
    return block('images', {
      isVoid: false,
      data: figure ? { withFrame: true, align: 'center' } : {},
      nodes: [block('image', { isVoid: true, data, fragments: caption ? captionOf(caption) : [] })],
    });
  });
const embed = fc
  .constantFrom('https://www.youtube.com/watch?v=a', 'https://x.test/"q"')
  .map((url) => block('embed', { isVoid: true, data: { url } }));
const file = id.map((file) => block('file', { isVoid: true, data: { ref: { kind: 'file', file } } }));
const drawing = fc
  .option(id, { nil: undefined })
  .map((file) => block('drawing', { isVoid: true, data: file ? { ref: { kind: 'file', file } } : {} }));
const contentRef = linkRef.map((ref) => block('content-ref', { isVoid: true, data: { ref } }));
const reusable = fc.oneof(
  id.map((reusableContent) =>
    block('reusable-content', { isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent } } }),
  ),
  fc.constantFrom('../.gitbook/includes/a.md', '.gitbook/includes/é "x".md').map((path) =>
    block('reusable-content', {
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: path } },
      path,
    }),
  ),
);
const integration = fc
  .tuple(
    fc.constantFrom('mermaid', 'github-files'),
    fc.constantFrom('diagram', 'code-block'),
    fc.dictionary(fc.constantFrom('content', 'url', 'x'), attribute, { maxKeys: 2 }),
  )
  .map(([name, blockName, props]) =>
    block('integration', { isVoid: true, data: { integration: name, block: blockName, props } }),
  );
const prompt = fc
  .tuple(attribute, code)
  .map(([description, inner]) => block('prompt', { data: { description }, nodes: [{ ...inner, data: {} }] }));
const hint = fc
  .tuple(
    fc.constantFrom('info', 'warning', 'danger', 'success'),
    fc.option(slug, { nil: undefined }),
    fc.array(essential, { minLength: 1, maxLength: 2 }),
  )
  .map(([style, icon, nodes]) => block('hint', { data: icon ? { style, icon } : { style }, nodes }));
const inTab = fc.oneof(essential, code, hint, math, embed, file, images, contentRef);
const tabs = fc
  .array(
    fc.tuple(
      fc.option(attribute, { nil: undefined }),
      fc.option(slug, { nil: undefined }),
      fc.array(inTab, { minLength: 1, maxLength: 2 }),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((items) =>
    block('tabs', {
      data: {},
      nodes: items.map(([title, icon, nodes]) =>
        block('tabs-item', {
          data: Object.fromEntries(Object.entries({ title, icon }).filter(([, v]) => v !== undefined)),
          nodes,
        }),
      ),
    }),
  );
const expandable = fc
  .tuple(cardInlines, fc.array(fc.oneof(essential, code, hint), { minLength: 1, maxLength: 2 }), fc.boolean())
  .map(([title, body, open]) =>
    block('expandable', {
      isVoid: true,
      data: open ? { defaultExpanded: true } : {},
      fragments: [
        {
          object: 'fragment',
          fragment: 'expandable-title',
          type: 'expandable-title',
          nodes: [block('paragraph', { data: {}, nodes: title })],
        },
        { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
      ],
    }),
  );
const stepper = fc
  .array(
    fc.tuple(
      fc.option(slug, { nil: undefined }),
      fc.array(fc.oneof(inTab, expandable), { minLength: 1, maxLength: 2 }),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((steps) =>
    block('stepper', {
      data: {},
      nodes: steps.map(([icon, nodes]) => block('stepper-step', { data: icon ? { icon } : {}, nodes })),
    }),
  );
const columns = fc
  .array(
    fc.tuple(
      fc.option(fc.constantFrom(200, { unit: '%', value: 50 }), { nil: undefined }),
      fc.array(inTab, { minLength: 1, maxLength: 2 }),
    ),
    { minLength: 1, maxLength: 2 },
  )
  .map((items) =>
    block('columns', {
      isVoid: false,
      data: {},
      nodes: items.map(([width, nodes]) =>
        block('column', { data: width === undefined ? {} : { width }, nodes }),
      ),
    }),
  );
const updates = fc
  .tuple(
    fc.constantFrom('full', 'short', 'numeric'),
    fc.array(
      fc.tuple(
        fc.constantFrom('2025-01-31', '2024-12-01T10:00:00Z'),
        fc.subarray(['api', 'fix']),
        fc.array(inTab, { minLength: 1, maxLength: 2 }),
      ),
      { minLength: 1, maxLength: 2 },
    ),
  )
  .map(([format, items]) =>
    block('updates', {
      data: { format },
      nodes: items.map(([date, tags, nodes]) =>
        block('update', {
          data: tags.length ? { date, tags: tags.map((tag) => ({ kind: 'tag', tag })) } : { date },
          nodes,
        }),
      ),
    }),
  );
const method = fc.constantFrom('get', 'post', 'delete');
const openApi = fc.oneof(
  fc.tuple(id, method).map(([file, m]) =>
    block('swagger', {
      isVoid: true,
      data: { ref: { kind: 'file', file }, path: '/pets/{id}', method: m },
    }),
  ),
  fc.tuple(fc.constantFrom('petstore', 'a'), method).map(([spec, m]) =>
    block('openapi-operation', {
      isVoid: true,
      data: { ref: { kind: 'openapi', spec }, path: '/pets', method: m },
    }),
  ),
  fc
    .tuple(
      fc.constantFrom('petstore'),
      fc.subarray(['Pet', 'Tag'], { minLength: 1 }),
      fc.option(fc.boolean(), { nil: undefined }),
    )
    .map(([spec, schemas, grouped]) =>
      block('openapi-schemas', {
        isVoid: true,
        data:
          grouped === undefined
            ? { ref: { kind: 'openapi', spec }, schemas }
            : { ref: { kind: 'openapi', spec }, schemas, grouped },
      }),
    ),
  fc
    .tuple(fc.constantFrom('petstore'), attribute, method)
    .map(([spec, name, m]) =>
      block('openapi-webhook', { isVoid: true, data: { ref: { kind: 'openapi', spec }, name, method: m } }),
    ),
);
const cards = fc
  .array(fc.tuple(cardInlines, fc.option(linkRef, { nil: null }), fc.option(id, { nil: null })), {
    minLength: 1,
    maxLength: 2,
  })
  .map((rows) => {
    const records: Record<string, unknown> = {};
    const fragments: unknown[] = [];
    rows.forEach(([title, target, cover], index) => {
      const name = 'r' + index + 'c0';
      records['r' + index] = {
        orderIndex: String(index).padStart(6, '0'),
        values: { c0: name, c1: target, c2: cover === null ? null : [cover] },
      };
      fragments.push({
        object: 'fragment',
        fragment: name,
        nodes: [block('paragraph', { data: {}, nodes: title })],
      });
    });
    return block('table', {
      isVoid: true,
      data: {
        view: {
          type: 'cards',
          cardSize: 'medium',
          columns: ['c0'],
          targetDefinition: 'c1',
          coverDefinition: 'c2',
        },
        records,
        definition: {
          c0: { id: 'c0', title: '', type: 'text', textAlignment: 'left' },
          c1: { id: 'c1', title: '', type: 'content-ref' },
          c2: { id: 'c2', title: '', type: 'files' },
        },
      },
      fragments,
    });
  });
const topLevel = fc.oneof(
  essential,
  code,
  math,
  hint,
  images,
  embed,
  file,
  drawing,
  contentRef,
  reusable,
  integration,
  prompt,
  tabs,
  stepper,
  columns,
  updates,
  expandable,
  openApi,
  cards,
);
const ifBlock = fc
  .tuple(
    fc.constantFrom('visitor.claims.plan == "pro"', 'visitor.claims.beta'),
    fc.array(topLevel, { minLength: 1, maxLength: 2 }),
  )
  .map(([expression, nodes]) => block('if', { data: { expression }, nodes }));
const documentArbitrary = fc
  .array(fc.oneof(topLevel, ifBlock), { minLength: 1, maxLength: 4 })
  .map((nodes): JSONDocument => ({ object: 'document', data: {}, nodes: nodes as JSONDocument['nodes'] }));

describe('GitBook documents (property)', () => {
  it('document -> markdown -> document is the identity, and the markdown is stable', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        const checked = jsonDocumentSchema.safeParse(document);
        expect(checked.error?.issues ?? []).toEqual([]);
        const markdown = documentToMarkdown(document);
        expect(withoutKeys(markdownToDocument(markdown))).toEqual(withoutKeys(document));
        expect(normalizeMarkdown(markdown)).toBe(markdown);
      }),
      { numRuns: 80 },
    );
  });

  it('markdown -> document -> markdown is stable on a second pass', () => {
    fc.assert(
      fc.property(documentArbitrary, (document) => {
        // GitBook's tight form: no blank lines around tags (HTML blocks keep theirs, as GitBook writes them).
        const tight = documentToMarkdown(document)
          .replace(/(?<!>)\n\n\{% end/g, '\n{% end')
          .replace(/%\}\n\n(?!<\/?details|<figure|<table)/g, '%}\n');
        const once = documentToMarkdown(markdownToDocument(tight));
        expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
      }),
      { numRuns: 60 },
    );
  });
});
