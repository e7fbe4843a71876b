import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { PhrasingContent } from 'mdast';
import { describe, expect, test } from 'vitest';
import { delimiterWork } from '../src/markdown-parser/delimiter-runs';
import { sourcePoints } from '../src/markdown-parser/inline-input';
import { parseInlines, parseTableCellInlines } from '../src/markdown-parser/inline-parser';
import { micromarkSyntaxTree } from '../src/micromark-reference';
import { documentCases, inlineCase } from './markdown-parser-inline-harness';

/**
 * The inline parser (`markdown-parser/inline-parser.ts`) against `micromarkSyntaxTree`: the
 * children of a one-paragraph text's paragraph, node for node, positions included.
 */

const require = createRequire(import.meta.url);
const spec = require('commonmark-spec') as { tests: Array<{ markdown: string; number: number }> };

/** Spec examples that are one paragraph and whose inline tree still differs (a ratchet). */
const failingSpecExamples: number[] = [];

describe('CommonMark spec examples read as one paragraph or heading', () => {
  const qualifying = spec.tests
    .map((example) => ({ number: example.number, markdown: example.markdown.replaceAll('→', '\t') }))
    .filter((example) => inlineCase(example.markdown, true) !== undefined);

  test('qualify: 393 of the 652 examples (378 paragraphs, 15 headings)', () => {
    expect(qualifying.length).toBe(393);
  });

  test.each(qualifying)('example $number', ({ number, markdown }) => {
    const inline = inlineCase(markdown, true)!;
    const failing = failingSpecExamples.includes(number);
    let same: boolean;
    try {
      expect(inline.actual()).toEqual(inline.expected);
      same = true;
    } catch (error) {
      if (!failing) throw error;
      same = false;
    }
    // A listed example that passes now is to leave the list.
    expect(failing).toBe(!same);
  });
});

const footnotes = '\n\n[^1]: One.\n[^note]: A note.\n';
const definitions = '\n\n[foo]: /url "title"\n[Bar baz]: </a b>\n';

/** Hand-written texts for each extension and for the cases the spec leaves out. */
const extensionCases: Record<string, string[]> = {
  strikethrough: [
    '~a~ and ~~b~~',
    'a ~~~b~~~ stays text',
    '~a~~ b',
    'a~b~c',
    '~ a~',
    '~~a ~b~ c~~',
    '*a ~b* c~',
    '~a *b~ c*',
    '\\~a~',
    '~\\~a~',
    '**~a~**',
    '~*a*~',
    '[~a](b)~',
    '~~a~~~ b',
  ],
  footnotes: [
    `a[^1] b[^note]${footnotes}`,
    `a[^2] undefined${footnotes}`,
    `![^1] after an image opener${footnotes}`,
    `![^1](u) an image${footnotes}`,
    `[^1](u) then text${footnotes}`,
    `[a[^1]](u)${footnotes}`,
    `[^ 1] [^1 ] [^NOTE]${footnotes}`,
    `*a[^1]* and ~[^note]~${footnotes}`,
  ],
  'literal autolinks': [
    'Visit www.example.com/path?q=1.',
    '(www.example.com) and www.example.com)',
    'http://a.b and https://a.b/c_(d) and HTTPS://X.Y',
    'mail a@b.co, a.b-c+d@e.f.gh.',
    'mailto:a@b.co and xmpp:a@b.co/res and xmpp:a@b.co/r1',
    'www.a_b.com http://a.b_c.d www.a.b_c',
    '[a www.x.com not closed',
    '*www.x.com* and ~www.x.com~ and _www.x.com_',
    'https\\://www.x.com and a\\@b.co stay text',
    'www.x.com&amp; www.x.com&hl; www.x.com]',
    'http://x.com] and http://x.com](y)',
    '<www.x.com> ftp://x.y 1@2.3 a@b.c1 a@b.c_',
    'x http://a.b.c/d?e=f&g=h. and www.example.com/a(b)c)',
    'éwww.x.com ÿhttp://x.y _a@b.co',
    '[link http://a.b](http://c.d) and [ref www.x.com][foo]' + definitions,
    'www.example.com/path/**bold**',
  ],
  math: [
    '$$x$$ and $$ y $$',
    '$x$ stays text',
    '$$$x$$$ and $$x$ and $$x$$$',
    '\\$$x$$',
    'a $$x\ny$$ b',
    '$$ $$ and $$  a  $$',
  ],
  emoji: [
    ':smile: and :+1: and :-1:',
    ':nope: stays text',
    '\\:smile: stays text',
    ':smile::tada:',
    'a:smile:b',
    ':Smile: and ::smile: and :smile',
  ],
  'emphasis and breaks': [
    `${'*a '.repeat(60)}b${' a*'.repeat(60)}`,
    `${'**'.repeat(30)}a${'**'.repeat(30)}`,
    'a  \nb and a\\\nc',
    'a \t\nb and a\t\nc',
    '*a*  \nb and a  *\nc',
    'a  \r\nb and c\r\nd',
    '_a_b_ and *a**b*',
    // A run shortened after it failed as a closer matches inside the group around it.
    '*a ~~*a _b **~~****a [* b_',
    // The nesting bound counts the emphasis inside a link, and after text brackets.
    `${'*a '.repeat(47)}[*b *c* b*](u)${' a*'.repeat(47)}`,
    `${'*a '.repeat(48)}[*a _b *a  b_](u)[ [${' a*'.repeat(48)}`,
  ],
  'across lines': ['`a\n  b`', '<a\n  href="x">', '[a](b\n  "t\n  u")', 'a\n   *b*\n c'],
  'references and resources': [
    `[foo] [foo][] [FOO][bar baz] [bar  baz] [x][foo]${definitions}`,
    `[foo][missing] [foo][ and [foo](not a resource${definitions}`,
    '[a](<b c>) [a](b (c)) [a]( b ) [a](b "c" ) [a](\\(b\\))',
    '![a *b* `c` <d>](e) ![a ![b](c)](d)',
    '[a [b](c)](d) and ![a [b](c)](d)',
    '&copy; &#0; &#x110000; &ThisIsNotDefined; &amp',
    '[a](b "") [a](b \'\') [a](b ()) [a](b "\n")',
  ],
  'source characters': [
    `[foo\r\nbar] <a\r\n  b="c"> [a](b "c\r\n  d") \`e\r\nf\`\n\n[foo bar]: /u`,
    'a\u0000b `\u0000` [\u0000](\u0000)',
    // Inside HTML, 3 columns of indentation are skipped: a tab past them leaves spaces.
    'x <!A\n\t> <!B\n \t> <a\n  \tb> <!C\n\t\t>',
  ],
};

describe('extensions', () => {
  for (const [name, texts] of Object.entries(extensionCases))
    test.each(texts)(`${name}: %j`, (markdown) => {
      const inline = inlineCase(markdown);
      expect(inline, 'one paragraph').toBeDefined();
      expect(inline!.actual()).toEqual(inline!.expected);
    });
});

/**
 * In a container, a continuation line is to start right after the container's prefix: the
 * paragraph's own indentation is the inline parser's to skip (in text) or keep (in a code
 * span, `$$` math; raw HTML keeps what passes 3 columns).
 */
describe('continuation lines in containers', () => {
  // Offsets: each continuation line from after the item's 2 columns or the quote's `> `.
  const cases: Array<[string, Array<[number, number]>]> = [
    [
      '- a `b\n   c`',
      [
        [2, 6],
        [9, 12],
      ],
    ],
    [
      '> a `b\n>   c`',
      [
        [2, 6],
        [9, 13],
      ],
    ],
    [
      '- a $$b\n     c$$ *d\n   e*',
      [
        [2, 7],
        [10, 19],
        [22, 25],
      ],
    ],
    [
      '- a <x\n     y="1">',
      [
        [2, 6],
        [9, 18],
      ],
    ],
  ];
  test.each(cases)('%j', (markdown, lines) => {
    const paragraphs: PhrasingContent[][] = [];
    const walk = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'paragraph') paragraphs.push(node.children as PhrasingContent[]);
      else for (const child of node.children ?? []) walk(child as { type: string; children?: unknown[] });
    };
    walk(micromarkSyntaxTree(markdown));
    const context = {
      points: sourcePoints(markdown),
      definitions: new Set<string>(),
      footnoteDefinitions: new Set<string>(),
    };
    const actual = parseInlines({ source: markdown, lines }, context);
    expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(paragraphs[0])));
  });
});

test('every content of the fixture corpus reads as micromark reads it', () => {
  const corpus = readFileSync(new URL('./fixtures/corpus.md', import.meta.url), 'utf8');
  const cases = documentCases(corpus);
  expect(cases.length).toBeGreaterThan(10);
  for (const inline of cases) expect(inline.actual()).toEqual(inline.expected);
});

/** A table's cells, each from its first child's start to its last child's end. */
describe('table cells', () => {
  const tables = [
    '| a `b\\|c` | *d* `\\\\` |\n| - | - |\n| `e\\|` \\| f | www.x.com ~g~ |',
    '| *a | b* |\n| --- | --- |\n| [c | d](e) | $$f\\|g$$ |',
  ];
  test.each(tables)('%j', (markdown) => {
    const context = {
      points: sourcePoints(markdown),
      definitions: new Set<string>(),
      footnoteDefinitions: new Set<string>(),
    };
    const cells: PhrasingContent[][] = [];
    const walk = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'tableCell') cells.push(node.children as PhrasingContent[]);
      else for (const child of node.children ?? []) walk(child as { type: string; children?: unknown[] });
    };
    walk(micromarkSyntaxTree(markdown));
    expect(cells.length).toBeGreaterThan(3);
    for (const expected of cells) {
      if (expected.length === 0) continue;
      const lines: Array<[number, number]> = [
        [expected[0]!.position!.start.offset!, expected[expected.length - 1]!.position!.end.offset!],
      ];
      const actual = parseTableCellInlines({ source: markdown, lines }, context);
      expect(JSON.parse(JSON.stringify(actual))).toEqual(JSON.parse(JSON.stringify(expected)));
    }
  });
});

const snippets = [
  ...['*', '**', '_', '__', '`', '``', '[', ']', '](', ')', '![', '<', '>', '&amp;', '&#35;', '&nope;'],
  ...['\\', '\\*', '~', '~~', '$$', '$', ':smile:', ':nope:', 'www.x.com', 'http://a.b/c?d', 'https://x.y'],
  ...['a@b.co', 'mailto:a@b.co', 'xmpp:a@b.co/r', ' ', '  ', '\n', 'a', 'foo', '(', '"', "'", '<a href="x">'],
  ...['<!-- c -->', '[^1]', '[^x]', '[foo]', '[foo][]', '[foo][bar]', '<http://a.b>', '<a@b.c>', '.', '-'],
  ...['\t', 'é', '!', ',', '_a_', '*a*', '](/u "t")', '(x)', 'w', 'h', 'www.', '.com', '@', ':', 'smile'],
  ...['\r\n', '\\\n', '  \n', '`` a ``', '$$ a $$', '[a\nb]', '](<a b>)', '~a~', '~~~', '\u201c', '😀'],
  ...['www.a_b.com', 'https://x.y)', '(www.x.com)', 'x.co.', ':+1:', '\n  ', '\\`', '\\$', '\\~', '\\]'],
];

/** Narrower alphabets, each for one construct's corners. */
const focusedSnippets: Record<string, string[]> = {
  'links and references': [
    ...['[', ']', '(', ')', '<', '>', '"', "'", ' ', '\n', '\\', 'a', 'foo', 'Foo', '[foo]', '[]', '!['],
    ...['&amp;', '\\)', '\\"', '*', '`', '](', '^1', '\t', '_', 'http://x.y', '@', 'bar baz', '<a>'],
  ],
  'literal autolinks': [
    ...['www', '.', 'http', '://', 'https', '@', 'a', '_', '-', '(', ')', '!', '&', 'amp;', ';', ']', '['],
    ...[' ', '*', '~', 'mailto:', 'xmpp:', '/', '\\', 'é', '1', '?', 'W', 'H', 'x.co', 'b.c', '\n', '<'],
  ],
  'raw HTML': [
    ...['<', '>', 'a', '/', '!', '--', '-', '?', '[CDATA[', ']]', '"', "'", '=', ' ', '\n', 'b', ':', '_'],
    ...['\t', '`', '\\', '<!--', '-->', '<a', '</a>', '<?', '?>', '<!A'],
  ],
  'emphasis and strikethrough': [
    '*',
    '**',
    '***',
    '_',
    '__',
    '~',
    '~~',
    '[',
    '](u)',
    ']',
    'a',
    ' ',
    '!',
    '`',
    '.',
    '\\',
  ],
  'line endings': [
    '\r\n',
    '\r',
    '\n',
    '`',
    '$$',
    '<a\r\nb="c">',
    '[a](b "',
    '")',
    '[foo]',
    '[foo\r\nbar]',
    '\u0000',
    'a',
    ' ',
    '*',
    '  ',
  ],
};

test.each([['everything', snippets], ...Object.entries(focusedSnippets)])(
  'generated paragraphs read as micromark reads them: %s',
  (_, alphabet) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }), (parts) => {
        const inline = inlineCase(`x${parts.join('')}\n\n[foo]: /url\n[bar  baz]: <v w> "t"\n[^1]: note\n`);
        if (inline !== undefined) expect(inline.actual()).toEqual(inline.expected);
      }),
      { numRuns: 300 },
    );
  },
);

test('generated emphasis near the nesting bound reads as micromark reads it', () => {
  const parts = ['*a ', ' a*', '[', '](u)', '~~', '~', '_b ', ' b_', '**', 'x', '*', ' '];
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...parts), { minLength: 40, maxLength: 120 }),
      fc.integer({ min: 0, max: 50 }),
      (middle, depth) => {
        const inline = inlineCase(`x${'*a '.repeat(depth)}${middle.join('')}${' a*'.repeat(depth)}\n`);
        if (inline !== undefined) expect(inline.actual()).toEqual(inline.expected);
      },
    ),
    { numRuns: 150 },
  );
});

describe('linear time on adversarial inputs', () => {
  const size = 64 * 1024;
  const repeated = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
  const inputs: Record<string, string> = {
    '[': repeated('['),
    '*a': repeated('*a'),
    '`': repeated('`'),
    '<': repeated('<'),
    '![': repeated('!['),
    a_: repeated('a_'),
    'www.': repeated('www.'),
    'nested brackets': '['.repeat(size / 2) + ']'.repeat(size / 2),
    'nested images': `${'!['.repeat(size / 8)}a${'](b)'.repeat(size / 8)}`,
    'a *b* ': repeated('a *b* '),
    '~~a ~b ': repeated('~~a ~b '),
    '<!--': repeated('<!--'),
    '<a b="': repeated('<a b="'),
    '[a](b "': repeated('[a](b "'),
    'éwww.': repeated('éwww.'),
    'a.b@': repeated('a.b@'),
    'www.a.com.': repeated('www.a.com.'),
    '[^1': repeated('[^1'),
    '$$a ': repeated('$$a '),
  };
  test.each(Object.entries(inputs))('%j', (_, markdown) => {
    delimiterWork.steps = 0;
    const children = parseInlines(
      { source: markdown, lines: [[0, markdown.length]] },
      { points: sourcePoints(markdown), definitions: new Set(['a']), footnoteDefinitions: new Set(['1']) },
    );
    expect(children.length).toBeGreaterThan(0);
    // Emphasis and strikethrough: a bounded number of steps per run.
    expect(delimiterWork.steps).toBeLessThan(60 * markdown.length);
  });
});
