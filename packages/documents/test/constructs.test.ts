import { describe, expect, it } from 'vitest';
import { documentToMarkdown, type JSONDocument, markdownToDocument, normalizeMarkdown } from '../src/index';

/** Trees without keys, to keep the table readable (keys have their own test). */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== 'key')
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

const leaf = (text: string, ...marks: string[]) => ({
  object: 'leaf',
  text,
  marks: marks.map((type) => ({ object: 'mark', type })),
});
const text = (...leaves: ReturnType<typeof leaf>[]) => ({ object: 'text', leaves });
const plain = (value: string) => text(leaf(value));
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const item = (nodes: unknown[], data: Record<string, unknown> = {}) => ({
  object: 'block',
  type: 'list-item',
  data,
  nodes,
});

const cases: Array<{ name: string; markdown: string; nodes: unknown[]; printed?: string }> = [
  { name: 'paragraph', markdown: 'Hello world\n', nodes: [paragraph(plain('Hello world'))] },
  {
    name: 'soft line break (a space)',
    markdown: 'one\ntwo\n',
    nodes: [paragraph(plain('one two'))],
    printed: 'one two\n',
  },
  { name: 'hard line break', markdown: 'one\\\ntwo\n', nodes: [paragraph(plain('one\ntwo'))] },
  {
    name: 'heading 1',
    markdown: '# Title\n',
    nodes: [{ object: 'block', type: 'heading-1', data: {}, nodes: [plain('Title')] }],
  },
  {
    name: 'heading 2',
    markdown: '## Title\n',
    nodes: [{ object: 'block', type: 'heading-2', data: {}, nodes: [plain('Title')] }],
  },
  {
    name: 'heading 4 reads as heading 3',
    markdown: '#### Deep\n',
    nodes: [{ object: 'block', type: 'heading-3', data: {}, nodes: [plain('Deep')] }],
    printed: '### Deep\n',
  },
  {
    name: 'marks',
    markdown: 'a **b** _c_ `d` ~~e~~ **_f_**\n',
    nodes: [
      paragraph(
        text(
          leaf('a '),
          leaf('b', 'bold'),
          leaf(' '),
          leaf('c', 'italic'),
          leaf(' '),
          leaf('d', 'code'),
          leaf(' '),
          leaf('e', 'strikethrough'),
          leaf(' '),
          leaf('f', 'bold', 'italic'),
        ),
      ),
    ],
  },
  {
    name: 'code mark inside bold',
    markdown: '**`x`**\n',
    nodes: [paragraph(text(leaf('x', 'bold', 'code')))],
  },
  {
    name: 'link to a URL',
    markdown: '[site](https://example.com)\n',
    nodes: [
      paragraph({
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'url', url: 'https://example.com' } },
        nodes: [plain('site')],
      }),
    ],
  },
  {
    name: 'link to a page, an anchor, a file',
    markdown: '[p](/pages/p1) [a](/pages/p1#top) [h](#here) [f](/files/f1)\n',
    nodes: [
      paragraph(
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p1' } }, nodes: [plain('p')] },
        plain(' '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'anchor', page: 'p1', anchor: 'top' } },
          nodes: [plain('a')],
        },
        plain(' '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'anchor', anchor: 'here' } },
          nodes: [plain('h')],
        },
        plain(' '),
        { object: 'inline', type: 'link', data: { ref: { kind: 'file', file: 'f1' } }, nodes: [plain('f')] },
      ),
    ],
  },
  {
    name: 'bold around a link goes onto its text',
    markdown: '**[x](u)**\n',
    nodes: [
      paragraph({
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'url', url: 'u' } },
        nodes: [text(leaf('x', 'bold'))],
      }),
    ],
    printed: '[**x**](u)\n',
  },
  {
    name: 'reference link resolved through its definition',
    markdown: '[x][d]\n\n[d]: https://example.com\n',
    nodes: [
      paragraph({
        object: 'inline',
        type: 'link',
        data: { ref: { kind: 'url', url: 'https://example.com' } },
        nodes: [plain('x')],
      }),
    ],
    printed: '[x](https://example.com)\n',
  },
  {
    name: 'image alone in a paragraph (images block, title as caption)',
    markdown: '![Alt](https://e.com/a.png "Cap")\n',
    nodes: [
      {
        object: 'block',
        type: 'images',
        isVoid: false,
        data: {},
        nodes: [
          {
            object: 'block',
            type: 'image',
            isVoid: true,
            data: { ref: { kind: 'url', url: 'https://e.com/a.png' }, alt: 'Alt' },
            fragments: [{ object: 'fragment', fragment: 'caption', nodes: [paragraph(plain('Cap'))] }],
          },
        ],
      },
    ],
  },
  {
    name: 'inline image',
    markdown: 'see ![i](/files/f2) here\n',
    nodes: [
      paragraph(
        plain('see '),
        {
          object: 'inline',
          type: 'inline-image',
          isVoid: true,
          data: { ref: { kind: 'file', file: 'f2' }, alt: 'i' },
        },
        plain(' here'),
      ),
    ],
  },
  {
    name: 'divider',
    markdown: '---\n',
    nodes: [{ object: 'block', type: 'divider', isVoid: true, data: {} }],
    printed: '***\n',
  },
  {
    name: 'unordered list with a nested list',
    markdown: '* a\n    * b\n',
    nodes: [
      {
        object: 'block',
        type: 'list-unordered',
        data: {},
        nodes: [
          item([
            paragraph(plain('a')),
            { object: 'block', type: 'list-unordered', data: {}, nodes: [item([paragraph(plain('b'))])] },
          ]),
        ],
      },
    ],
    printed: '- a\n  - b\n',
  },
  {
    name: 'ordered list with a start',
    markdown: '3. a\n4. b\n',
    nodes: [
      {
        object: 'block',
        type: 'list-ordered',
        data: { start: 3 },
        nodes: [item([paragraph(plain('a'))]), item([paragraph(plain('b'))])],
      },
    ],
  },
  {
    name: 'task list',
    markdown: '- [ ] a\n- [x] b\n',
    nodes: [
      {
        object: 'block',
        type: 'list-tasks',
        data: {},
        nodes: [
          item([paragraph(plain('a'))], { checked: false }),
          item([paragraph(plain('b'))], { checked: true }),
        ],
      },
    ],
  },
  {
    name: 'code block with language',
    markdown: '```js\na\n\nb\n```\n',
    nodes: [
      {
        object: 'block',
        type: 'code',
        data: { syntax: 'js' },
        nodes: ['a', '', 'b'].map((line) => ({
          object: 'block',
          type: 'code-line',
          data: {},
          nodes: [plain(line)],
        })),
      },
    ],
  },
  {
    name: 'indented code (printed fenced)',
    markdown: '    x\n',
    nodes: [
      {
        object: 'block',
        type: 'code',
        data: {},
        nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [plain('x')] }],
      },
    ],
    printed: '```\nx\n```\n',
  },
  {
    name: 'blockquote',
    markdown: '> q\n',
    nodes: [{ object: 'block', type: 'blockquote', data: {}, nodes: [paragraph(plain('q'))] }],
  },
  ...(['info', 'warning', 'danger', 'success'] as const).map((style) => ({
    name: `hint ${style} (GitBook's tight form)`,
    markdown: `{% hint style="${style}" %}\nBe **careful**.\n{% endhint %}\n`,
    nodes: [
      {
        object: 'block',
        type: 'hint',
        data: { style },
        nodes: [paragraph(text(leaf('Be '), leaf('careful', 'bold'), leaf('.')))],
      },
    ],
    printed: `{% hint style="${style}" %}\n\nBe **careful**.\n\n{% endhint %}\n`,
  })),
  {
    name: 'hint whose list swallows the closing tag lazily',
    markdown: '{% hint style="info" %}\n- a\n{% endhint %}\n',
    nodes: [
      {
        object: 'block',
        type: 'hint',
        data: { style: 'info' },
        nodes: [
          { object: 'block', type: 'list-unordered', data: {}, nodes: [item([paragraph(plain('a'))])] },
        ],
      },
    ],
    printed: '{% hint style="info" %}\n\n- a\n\n{% endhint %}\n',
  },
  {
    name: 'table',
    markdown: '| H1 | H2 |\n| - | :-: |\n| a | **b** |\n',
    nodes: [
      {
        object: 'block',
        type: 'table',
        isVoid: true,
        data: {
          view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
          records: { r0: { orderIndex: '000000', values: { c0: 'r0c0', c1: 'r0c1' } } },
          definition: {
            c0: { id: 'c0', title: 'H1', type: 'text', textAlignment: 'left' },
            c1: { id: 'c1', title: 'H2', type: 'text', textAlignment: 'center' },
          },
        },
        fragments: [
          { object: 'fragment', fragment: 'r0c0', nodes: [paragraph(plain('a'))] },
          { object: 'fragment', fragment: 'r0c1', nodes: [paragraph(text(leaf('b', 'bold')))] },
        ],
      },
    ],
  },
  {
    name: 'html is kept as text',
    markdown: '<div>x</div>\n',
    nodes: [paragraph(plain('<div>x</div>'))],
    printed: '\\<div>x\\</div>\n',
  },
  {
    name: 'a code block inside a quote is kept as its source (GitBook quotes hold no code)',
    markdown: '> ```\n> x\n> ```\n',
    nodes: [{ object: 'block', type: 'blockquote', data: {}, nodes: [paragraph(plain('```\nx\n```'))] }],
    printed: '> \\`\\`\\`\\\n> x\\\n> \\`\\`\\`\n',
  },
  {
    // GitBook's annotation (issue 27): the word before the reference, the footnote its note.
    name: 'a footnote is an annotation',
    markdown: 'a[^1]\n\n[^1]: note\n',
    nodes: [
      paragraph({
        object: 'inline',
        type: 'annotation',
        isVoid: false,
        data: {},
        nodes: [plain('a')],
        fragments: [
          {
            object: 'fragment',
            fragment: 'annotation-body',
            type: 'annotation-body',
            nodes: [paragraph(plain('note'))],
          },
        ],
      }),
    ],
  },
  {
    name: 'a footnote met before its reference is kept as text',
    markdown: '[^1]: note\n\na[^1]\n',
    nodes: [paragraph(plain('[^1]: note')), paragraph(plain('a[^1]'))],
    printed: '\\[^1]: note\n\na\\[^1]\n',
  },
];

describe('per construct: markdown -> tree -> markdown', () => {
  it.each(cases)('$name', ({ markdown, nodes, printed }) => {
    const tree = markdownToDocument(markdown);
    expect(withoutKeys(tree)).toEqual({ object: 'document', data: {}, nodes });
    const back = documentToMarkdown(tree);
    expect(back).toBe(printed ?? normalizeMarkdown(markdown));
    if (printed === undefined) expect(back).toBe(markdown);
    // Whatever was lost once, reading the result again is stable.
    expect(withoutKeys(markdownToDocument(back))).toEqual(
      withoutKeys(markdownToDocument(documentToMarkdown(markdownToDocument(back)))),
    );
  });
});

describe('keys', () => {
  it('are position paths, the same for the same markdown', () => {
    const tree = markdownToDocument('a\n\n- b\n- c [l](u)\n');
    expect(tree).toEqual(markdownToDocument('a\n\n- b\n- c [l](u)\n'));
    const list = tree.nodes[1] as {
      key: string;
      nodes: Array<{ key: string; nodes: Array<{ key: string; nodes: unknown[] }> }>;
    };
    expect([tree.nodes[0]?.key, list.key, list.nodes[1]?.key, list.nodes[1]?.nodes[0]?.key]).toEqual([
      '0',
      '1',
      '1.1',
      '1.1.0',
    ]);
    const link = list.nodes[1]!.nodes[0]!.nodes[1] as { key: string };
    expect(link.key).toBe('1.1.0.1');
  });

  it('are ignored on write', () => {
    const tree = markdownToDocument('a\n');
    const renamed: JSONDocument = {
      ...tree,
      nodes: tree.nodes.map((node) => ({ ...node, key: 'whatever' })),
    };
    expect(documentToMarkdown(renamed)).toBe('a\n');
  });
});

describe('tree -> markdown normalizations', () => {
  const doc = (...nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as JSONDocument;
  it.each([
    [
      'whitespace at the edge of a mark moves outside it',
      doc(paragraph(text(leaf('a'), leaf(' b ', 'bold'), leaf('c')))),
      'a **b** c\n',
    ],
    [
      'a newline in a heading is a space',
      doc({ object: 'block', type: 'heading-1', data: {}, nodes: [plain('a\nb')] }),
      '# a b\n',
    ],
    ['newlines opening or closing a paragraph are dropped', doc(paragraph(plain('\na\n'))), 'a\n'],
    ['an empty paragraph is dropped', doc(paragraph(plain('')), paragraph(plain('x'))), 'x\n'],
    [
      'text reading like markdown is escaped',
      doc(paragraph(plain('# 1. *a* [b] `c` | <d>'))),
      '\\# 1. \\*a\\* \\[b] \\`c\\` | \\<d>\n',
    ],
    [
      'text reading like a hint tag is escaped',
      doc(paragraph(plain('{% hint style="info" %}'))),
      '\\{% hint style="info" %}\n',
    ],
    ['leading spaces survive', doc(paragraph(plain('  a'))), '&#x20; a\n'],
    ['a number and a dot at the start is not a list', doc(paragraph(plain('1. a'))), '1\\. a\n'],
  ])('%s', (_name, tree, markdown) => {
    expect(documentToMarkdown(tree)).toBe(markdown);
  });
});
