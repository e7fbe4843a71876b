import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../src/index';
import { parseMarkdown } from '../src/markdown-processor';
import {
  rebuildTranslatedMarkdown,
  TranslationCountError,
  translatableMarkdown,
  translatableTexts,
} from '../src/translatable-text';

const everyConstruct = `---
title: Front matter
---

# Getting started

A paragraph with **bold**, _italic_, ~~gone~~, \`npm run secret-code\` and [the guide](https://example.com/guide "Guide") plus a [reference][ref].
Hard\\
break and a footnote[^1] and <kbd>Ctrl</kbd>.

![A diagram](https://example.com/diagram.png "The caption")

- first item
  - nested item with [link](https://example.com/nested)
- [x] done task

1. one
2. two

> A quote with _emphasis_.

\`\`\`ts
const hidden = 'code block text';
\`\`\`

{% hint style="warning" %}
A hint with a [link](/pages/abc).
{% endhint %}

| Name | Count |
| --- | ---: |
| Ada | 42 |
| \`inline cell code\` | 3 |

<div>raw html block</div>

{% openapi-operation spec="petstore" path="/pets" method="get" %}
{% endopenapi-operation %}

[ref]: https://example.com/ref
[^1]: The footnote text.
`;

/** Uppercases the text between tags (entities and tags kept, as a translator does). */
const shout = (text: string) =>
  text
    .split(/(<[^>]*>|&[a-z#0-9]+;)/i)
    .map((part) => (part.startsWith('<') || part.startsWith('&') ? part : part.toUpperCase()))
    .join('');

/** The tree's shape without its words: types, depths, URLs, code, attributes. */
function shapeOf(markdown: string): unknown {
  const strip = (node: Nodes): unknown => {
    const { position: _position, ...rest } = node as Nodes & { position?: unknown };
    const copy: Record<string, unknown> = { ...rest };
    if (node.type === 'text') copy.value = '';
    if (node.type === 'image' || node.type === 'imageReference') copy.alt = '';
    if (node.type === 'image') copy.title = node.title ? 'T' : node.title;
    // `[ref]` translated prints as `[REF][ref]`: the same reference, written in full.
    if (node.type === 'linkReference' || node.type === 'imageReference') copy.referenceType = 'any';
    // An empty or blank text node (left by a hint tag split off a paragraph, or between a
    // stray tag and a reference written in full once translated) prints as layout only.
    if ('children' in node)
      copy.children = (node.children as Nodes[])
        .filter((child) => !(child.type === 'text' && /^\s*$/.test(child.value)))
        .map(strip);
    return copy;
  };
  return strip(parseMarkdown(markdown));
}

describe('translatableTexts', () => {
  const texts = translatableTexts(everyConstruct);

  it('sends every kind of text block, in document order', () => {
    expect(texts).toEqual([
      'Getting started',
      'A paragraph with <b>bold</b>, <i>italic</i>, <s>gone</s>, <code id="1"></code> and <a id="2">the guide</a> plus a <a id="3">reference</a>. Hard<br>break and a footnote<x id="4"></x> and <span id="5">Ctrl</span>.',
      'A diagram',
      'The caption',
      'first item',
      'nested item with <a id="1">link</a>',
      'done task',
      'one',
      'two',
      'A quote with <i>emphasis</i>.',
      'A hint with a <a id="1">link</a>.',
      'Name',
      'Count',
      'Ada',
      'The footnote text.',
    ]);
  });

  it('never sends code, URLs, HTML blocks, front matter or OpenAPI blocks', () => {
    const sent = texts.join('\n');
    for (const secret of [
      'secret-code',
      'code block text',
      'inline cell code',
      'http',
      '/pages/',
      'raw html',
      'petstore',
      'Front matter',
    ])
      expect(sent).not.toContain(secret);
  });

  it('escapes text that looks like a tag', () => {
    expect(translatableTexts('If a > b & 1 < 2, see <https://e.com> or https://e.org\n')).toEqual([
      'If a &gt; b &amp; 1 &lt; 2, see <x id="1"></x> or <x id="2"></x>',
    ]);
  });
});

describe('rebuildTranslatedMarkdown', () => {
  it('gives the normalized markdown back for an identity translation', () => {
    expect(rebuildTranslatedMarkdown(everyConstruct, translatableTexts(everyConstruct))).toBe(
      normalizeMarkdown(everyConstruct),
    );
  });

  it('replaces the text and keeps code, URLs and structure', () => {
    const rebuilt = rebuildTranslatedMarkdown(everyConstruct, translatableTexts(everyConstruct).map(shout));
    expect(rebuilt).toContain('# GETTING STARTED');
    expect(rebuilt).toContain('[THE GUIDE](https://example.com/guide "Guide")');
    expect(rebuilt).toContain('`npm run secret-code`');
    expect(rebuilt).toContain("const hidden = 'code block text';");
    expect(rebuilt).toContain('![A DIAGRAM](https://example.com/diagram.png "THE CAPTION")');
    expect(rebuilt).toContain('| `inline cell code` | 3 |');
    expect(rebuilt).toContain('<kbd>CTRL</kbd>');
    expect(shapeOf(rebuilt)).toEqual(shapeOf(everyConstruct));
  });

  it('keeps tags a translator moved, renamed or wrote in capitals', () => {
    const markdown = 'Press `Enter` to open [the page](https://e.com/p) **now**.\n';
    expect(
      rebuildTranslatedMarkdown(markdown, [
        '<STRONG>Maintenant</STRONG>, ouvrez <A ID="2">la page</A> avec <CODE ID="1"/>.',
      ]),
    ).toBe('**Maintenant**, ouvrez [la page](https://e.com/p) avec `Enter`.\n');
  });

  it('puts back at the end a link or code the translation lost, and drops stray closing tags', () => {
    const markdown = 'Run `make` then read [the docs](https://e.com/d).\n';
    expect(rebuildTranslatedMarkdown(markdown, ['Lancez puis lisez.</i>'])).toBe(
      'Lancez puis lisez. `make` [the docs](https://e.com/d)\n',
    );
  });

  it('keeps unknown tags as text, even those named like object properties', () => {
    expect(rebuildTranslatedMarkdown('Some text\n', ['<constructor>un</constructor> <toString>deux'])).toBe(
      '\\<constructor>un\\</constructor> \\<toString>deux\n',
    );
  });

  it('keeps a translation on one line, in a heading too', () => {
    expect(rebuildTranslatedMarkdown('# Title\n', ['Titre\nlong'])).toBe('# Titre long\n');
  });

  it('refuses a number of translations other than the blocks', () => {
    expect(() => rebuildTranslatedMarkdown('a\n\nb\n', ['A'])).toThrow(TranslationCountError);
  });

  it('rebuilds from the one parse that gave the texts, once', () => {
    const page = translatableMarkdown('# Title\n\nText with `code`.\n');
    expect(page.texts).toEqual(['Title', 'Text with <code id="1"></code>.']);
    expect(page.rebuild(['Titre', 'Texte avec <code id="1"></code>.'])).toBe(
      '# Titre\n\nTexte avec `code`.\n',
    );
    expect(() => page.rebuild(page.texts)).toThrow(TranslationCountError);
  });

  const lines = [
    '',
    '# Heading *em*',
    'text with *em*, __strong__, `code`, ~~del~~ and [a link](https://e.com "t") & <br>',
    'a\\',
    '- item',
    '  - nested `x`',
    '1. first',
    '- [ ] task',
    '> quote',
    '```js',
    'let code = 1',
    '```',
    '{% hint style="info" %}',
    '{% endhint %}',
    '| a | b |',
    '|:--|--:|',
    '| 1 | `c` |',
    '![img](https://e.com/i.png "cap")',
    '[ref]: https://e.com',
    '[x][ref]',
    'a[^1]',
    '[^1]: note',
  ];
  const markdownArbitrary = fc
    .array(fc.constantFrom(...lines), { maxLength: 12 })
    .map((picked) => picked.join('\n') + '\n');

  it('keeps the structure of any markdown (property)', () => {
    fc.assert(
      fc.property(markdownArbitrary, (markdown) => {
        const texts = translatableTexts(markdown);
        expect(rebuildTranslatedMarkdown(markdown, texts)).toBe(normalizeMarkdown(markdown));
        const shouted = rebuildTranslatedMarkdown(markdown, texts.map(shout));
        expect(shapeOf(shouted)).toEqual(shapeOf(markdown));
        expect(texts.join('\n')).not.toMatch(/https:|`/);
      }),
      {
        numRuns: 40,
        // Found by a CI run (seed 686649339): a stray closing tag, then a repeated definition
        // read as a shortcut reference in the same paragraph.
        examples: [
          [
            '[ref]: https://e.com\n{% hint style="info" %}\n{% endhint %}\n{% endhint %}\n[ref]: https://e.com\n',
          ],
        ],
      },
    );
  });
});

describe("translatable text of GitBook's blocks", () => {
  /** Leaves: every construct of GitBook's dialect with text and with things never to send. */
  const leaves = [
    'Plain words with **bold** and a [link](https://e.com/l).',
    '{% embed url="https://www.youtube.com/watch?v=1" %}\nA video caption\n{% endembed %}',
    '{% embed url="https://e.com/void" %}',
    '{% content-ref url="guide.md" %}\n[guide.md](guide.md)\n{% endcontent-ref %}',
    '{% include "../.gitbook/includes/shared.md" %}',
    '{% file src="https://e.com/f.pdf" %}\nThe manual\n{% endfile %}',
    '$$\n\\frac{secret}{math}\n$$',
    'Inline $$x^{secret}$$ math.',
    '<a href="https://e.com/start" class="button primary">Get started</a>',
    'Some <mark style="color:red;">red words</mark> here.',
    'An icon <i class="fa-rocket">:rocket:</i> here.',
    '<figure><img src="https://e.com/a.png" alt="An image"><figcaption><p>The <strong>caption</strong></p></figcaption></figure>',
    '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Quickstart</strong></td><td><a href="quickstart.md">quickstart.md</a></td></tr></tbody></table>',
    '{% code title="index.js" lineNumbers="true" %}\n```js\nrunSecret()\n```\n{% endcode %}',
    '{% hint style="info" %}\nA hint.\n{% endhint %}',
    '## A heading <a href="#secret-anchor" id="secret-anchor"></a>',
    'Version {{ space.vars.secretversion }} of [https://e.com/secret-user](https://e.com/secret-user "mention").',
    'Press <kbd>Ctrl</kbd> and x<sup>2</sup>.',
    '{% openapi src="https://e.com/secret.json" path="/pets" method="get" %}\n[https://e.com/secret.json](https://e.com/secret.json)\n{% endopenapi %}',
    '{% openapi-schemas spec="secretspec" schemas="Pet,Owner" grouped="false" %}',
    '{% openapi-webhook spec="secretspec" name="newPet" method="post" %}',
    '{% @github-files/github-code-block url="https://e.com/secret-repo" %}',
    '{% drawing src="/files/secret-drawing" %}',
    '{% prompt description="Ask the secret model" %}\n```\nsecret prompt\n```\n{% endprompt %}',
  ];
  /** Containers: each wraps the blocks given. */
  const containers: Array<(inner: string) => string> = [
    (inner) =>
      `{% tabs %}\n{% tab title="Tab title" %}\n\n${inner}\n\n{% endtab %}\n\n{% tab title="Other" %}\nSecond tab.\n{% endtab %}\n{% endtabs %}`,
    (inner) => `{% stepper %}\n{% step %}\n### Step title\n\n${inner}\n\n{% endstep %}\n{% endstepper %}`,
    (inner) => `<details>\n\n<summary>A <em>summary</em></summary>\n\n${inner}\n\n</details>`,
    (inner) =>
      `{% columns %}\n{% column %}\n\n${inner}\n\n{% endcolumn %}\n\n{% column %}\nRight.\n{% endcolumn %}\n{% endcolumns %}`,
    (inner) =>
      `{% updates format="full" %}\n{% update date="2024-01-02" %}\n\n${inner}\n\n{% endupdate %}\n{% endupdates %}`,
    (inner) => `{% if visitor.claims.plan == "pro" %}\n\n${inner}\n\n{% endif %}`,
  ];
  const never = [
    'secret-anchor',
    'secretversion',
    'secret-user',
    'https:',
    'guide.md',
    'includes/',
    'secret',
    'frac',
    'index.js',
    'visitor.claims',
    '2024-01-02',
    'fa-rocket',
    'color:red',
    'quickstart.md',
    'runSecret',
  ];

  const leaf = fc.constantFrom(...leaves);
  const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>((tie) => ({
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(fc.constantFrom(...containers), fc.array(tie('block'), { minLength: 1, maxLength: 3 }))
        .map(([wrap, inner]) => wrap(inner.join('\n\n'))),
    ),
  })).block;
  const page = fc
    .array(block, { minLength: 1, maxLength: 4 })
    .map((blocks) => normalizeMarkdown(blocks.join('\n\n')));

  it('an identity translation gives every construct back byte for byte, and sends no code, URL or attribute (property)', () => {
    fc.assert(
      fc.property(page, (markdown) => {
        const texts = translatableTexts(markdown);
        expect(rebuildTranslatedMarkdown(markdown, texts)).toBe(markdown);
        const sent = texts.join('\n');
        for (const secret of never) expect(sent).not.toContain(secret);
      }),
      { numRuns: 60 },
    );
  });

  it('a translation changes only the text, every construct kept (property)', () => {
    fc.assert(
      fc.property(page, (markdown) => {
        const texts = translatableTexts(markdown);
        const rebuilt = rebuildTranslatedMarkdown(markdown, texts.map(shout));
        expect(normalizeMarkdown(rebuilt)).toBe(rebuilt);
        expect(translatableTexts(rebuilt)).toEqual(texts.map(shout));
        for (const kept of never) if (markdown.includes(kept)) expect(rebuilt).toContain(kept);
      }),
      { numRuns: 40 },
    );
  });

  it("sends tab titles, step titles, summaries, captions, alt texts, button labels and cards' text, in order", () => {
    const markdown = normalizeMarkdown(
      [
        containers[0]?.(leaves[8] as string),
        containers[2]?.(leaves[11] as string),
        leaves[12],
        leaves[1],
        leaves[9],
      ].join('\n\n'),
    );
    expect(translatableTexts(markdown)).toEqual([
      'Tab title',
      'Get started',
      'Other',
      'Second tab.',
      'A <i>summary</i>',
      'An image',
      'The <b>caption</b>',
      '<b>Quickstart</b>',
      'A video caption',
      'Some <mark id="1">red words</mark> here.',
    ]);
    const rebuilt = rebuildTranslatedMarkdown(markdown, translatableTexts(markdown).map(shout));
    for (const part of [
      '{% tab title="TAB TITLE" %}',
      '<a href="https://e.com/start" class="button primary">GET STARTED</a>',
      '<summary>A <em>SUMMARY</em></summary>',
      'alt="AN IMAGE"',
      '<figcaption><p>THE <strong>CAPTION</strong></p></figcaption>',
      '<td><strong>QUICKSTART</strong></td><td><a href="quickstart.md">quickstart.md</a></td>',
      'SOME <mark style="color:red;">RED WORDS</mark> HERE.',
    ])
      expect(rebuilt).toContain(part);
  });

  it('puts back a coloured span the translation lost, and reads a title translated with quotes and tags', () => {
    const markdown = normalizeMarkdown(
      `${containers[0]?.('Some <mark style="color:red;">red</mark> text.')}`,
    );
    const rebuilt = rebuildTranslatedMarkdown(markdown, [
      'Un "titre" <b>gras</b>',
      'Du texte.',
      'Autre',
      'Deuxième.',
    ]);
    expect(rebuilt).toContain('{% tab title="Un \\"titre\\" gras" %}');
    expect(rebuilt).toContain('Du texte. <mark style="color:red;">red</mark>');
    expect(normalizeMarkdown(rebuilt)).toBe(rebuilt);
  });

  it('a caption of 50,000 characters is one text, given back whole', () => {
    const caption = 'word '.repeat(10_000).trim();
    const markdown = normalizeMarkdown(`{% file src="a.pdf" %}\n${caption}\n{% endfile %}`);
    expect(translatableTexts(markdown)).toEqual([caption]);
    expect(rebuildTranslatedMarkdown(markdown, [caption])).toBe(markdown);
  });
});

describe('text of kept nodes inside translated text', () => {
  it("translates an image's alt and a button's label standing in a sentence", () => {
    const markdown = normalizeMarkdown(
      'See ![the chart](https://e.com/c.png "Sales") and press <a href="https://e.com/go" class="button primary">Go now</a> today.',
    );
    const rebuilt = rebuildTranslatedMarkdown(markdown, translatableTexts(markdown).map(shout));
    expect(rebuilt).toBe(
      'SEE ![THE CHART](https://e.com/c.png "SALES") AND PRESS <a href="https://e.com/go" class="button primary">GO NOW</a> TODAY.\n',
    );
  });
});
