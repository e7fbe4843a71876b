/**
 * Every node type of the document model through every reader of page bodies (issue 27,
 * item 4): search's sections (text of nested blocks, tab and step titles as sections), the
 * link report, and translations (the text a block holds, never its code, URLs or
 * attributes). The fixtures are our own markdown in GitBook's forms; each is first checked
 * to read into a document holding its type, so a fixture cannot silently stop testing it.
 *
 * The list of types is read from `document-types.ts` itself: a type added there without a
 * fixture here fails the first test, so no reader can forget it unnoticed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { linksOf } from '../src/links-of';
import { markdownSections } from '../src/markdown-sections';
import { markdownToDocument } from '../src/to-document';
import { translatableTexts } from '../src/translatable-text';

interface Fixture {
  /** The document node type the fixture holds. */
  type: string;
  markdown: string;
  /** Words search indexes (the sections' text or titles). */
  searched?: string[];
  /** Titles of sections of their own (tabs, steps, expandables, headings). */
  sections?: string[];
  /** URLs the link report lists. */
  links?: string[];
  /** Words a translation sends. */
  translated?: string[];
  /** What a translation never sends (code, URLs, attributes). */
  neverTranslated?: string[];
}

const fixtures: Fixture[] = [
  { type: 'paragraph', markdown: 'Plain apple words.', searched: ['apple'], translated: ['apple'] },
  {
    type: 'paragraph',
    markdown: '<p align="center">Centered okra <a href="https://example.com/aligned">here</a></p>',
    searched: ['okra'],
    links: ['https://example.com/aligned'],
    translated: ['okra'],
    neverTranslated: ['example.com'],
  },
  { type: 'heading-1', markdown: '# Heading banana', sections: ['Heading banana'], translated: ['banana'] },
  { type: 'heading-2', markdown: '## Second cherry', sections: ['Second cherry'], translated: ['cherry'] },
  {
    type: 'heading-2',
    markdown: '<h2 align="center">Aligned parsnip</h2>\n\nUnder it.',
    sections: ['Aligned parsnip'],
    translated: ['parsnip'],
  },
  { type: 'heading-3', markdown: '### Third date', sections: ['Third date'], translated: ['date'] },
  { type: 'list-unordered', markdown: '- Item eagle', searched: ['eagle'], translated: ['eagle'] },
  { type: 'list-item', markdown: '- Item elm', searched: ['elm'], translated: ['elm'] },
  { type: 'list-ordered', markdown: '1. Item fig', searched: ['fig'], translated: ['fig'] },
  { type: 'list-tasks', markdown: '- [ ] Task grape', searched: ['grape'], translated: ['grape'] },
  { type: 'blockquote', markdown: '> Quoted hazel', searched: ['hazel'], translated: ['hazel'] },
  { type: 'divider', markdown: 'Before iris\n\n***\n\nAfter', searched: ['iris'] },
  {
    type: 'code',
    markdown: '{% code title="juniper.js" %}\n```js\nconst secretcode = 1;\n```\n{% endcode %}',
    searched: ['secretcode'],
    neverTranslated: ['secretcode', 'juniper'],
  },
  {
    type: 'code-line',
    markdown:
      '<pre class="language-js"><code class="lang-js"><strong>let secretline = 2;\n</strong>let other = 3;\n</code></pre>',
    searched: ['secretline'],
    neverTranslated: ['secretline'],
  },
  {
    type: 'hint',
    markdown: '{% hint style="info" %}\nHinted kiwi\n{% endhint %}',
    searched: ['kiwi'],
    translated: ['kiwi'],
    neverTranslated: ['info'],
  },
  {
    type: 'tabs',
    markdown: '{% tabs %}\n{% tab title="Lemon tab" %}\nTab body mango\n{% endtab %}\n{% endtabs %}',
    sections: ['Lemon tab'],
    searched: ['mango'],
    translated: ['Lemon tab', 'mango'],
  },
  {
    type: 'tabs-item',
    markdown: '{% tabs %}\n{% tab title="Lime tab" %}\nTab body melon\n{% endtab %}\n{% endtabs %}',
    sections: ['Lime tab'],
    searched: ['melon'],
    translated: ['Lime tab', 'melon'],
  },
  {
    type: 'expandable',
    markdown: '<details>\n\n<summary>Nectar summary</summary>\n\nHidden olive\n\n</details>',
    sections: ['Nectar summary'],
    searched: ['olive'],
    translated: ['Nectar summary', 'olive'],
  },
  {
    type: 'stepper',
    markdown:
      '{% stepper %}\n{% step %}\n## Papaya step\n\nStep body quince\n{% endstep %}\n{% endstepper %}',
    sections: ['Papaya step'],
    searched: ['quince'],
    translated: ['Papaya step', 'quince'],
  },
  {
    type: 'stepper-step',
    markdown: '{% stepper %}\n{% step %}\n**Pear step**\n\nStep body plum\n{% endstep %}\n{% endstepper %}',
    sections: ['Pear step'],
    searched: ['plum'],
    translated: ['plum'],
  },
  {
    type: 'columns',
    markdown:
      '{% columns %}\n{% column width="50%" %}\nLeft raisin\n{% endcolumn %}\n\n{% column %}\nRight sage\n{% endcolumn %}\n{% endcolumns %}',
    searched: ['raisin', 'sage'],
    translated: ['raisin', 'sage'],
    neverTranslated: ['50%'],
  },
  {
    type: 'column',
    markdown: '{% columns %}\n{% column %}\nOnly rye\n{% endcolumn %}\n{% endcolumns %}',
    searched: ['rye'],
    translated: ['rye'],
  },
  {
    type: 'table',
    markdown: '| Head tomato | B |\n| - | - |\n| Cell ugli | [linked](https://example.com/table) |',
    searched: ['tomato', 'ugli'],
    links: ['https://example.com/table'],
    translated: ['tomato', 'ugli', 'linked'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'table',
    markdown:
      '<table data-full-width="true"><thead><tr><th width="120">Option walnut</th><th>Meaning <a href="https://example.com/header">yarrow</a></th></tr></thead><tbody><tr><td><code>secretoption</code></td><td><p>Grid vetch.</p><ul><li>see <a href="https://example.com/grid">grid</a></li></ul></td></tr></tbody></table>',
    searched: ['vetch', 'secretoption', 'walnut', 'yarrow'],
    links: ['https://example.com/grid', 'https://example.com/header'],
    translated: ['vetch', 'walnut', 'yarrow'],
    neverTranslated: ['secretoption', 'example.com'],
  },
  {
    type: 'table',
    markdown:
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>Card wasabi</strong></td><td><a href="https://example.com/card">card</a></td></tr></tbody></table>',
    searched: ['wasabi'],
    links: ['https://example.com/card'],
    translated: ['wasabi'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'images',
    markdown: '![Alt vanilla](https://example.com/image.png "Caption walnut")',
    searched: ['vanilla'],
    links: ['https://example.com/image.png'],
    translated: ['vanilla', 'walnut'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'image',
    markdown:
      '<figure><img src="https://example.com/figure.png" alt="Alt xigua"><figcaption><p>Caption yam</p></figcaption></figure>',
    searched: ['xigua', 'yam'],
    links: ['https://example.com/figure.png'],
    translated: ['xigua', 'yam'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'inline-image',
    markdown: 'Text with ![Alt zucchini](https://example.com/inline.png) inside.',
    searched: ['zucchini'],
    links: ['https://example.com/inline.png'],
    translated: ['zucchini'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'inline-image',
    markdown: 'A sized <img src="https://example.com/sized.png" alt="Alt sorrel" data-size="line"> icon.',
    searched: ['sorrel'],
    links: ['https://example.com/sized.png'],
    translated: ['sorrel'],
    neverTranslated: ['example.com', 'line'],
  },
  {
    type: 'inline-image',
    markdown:
      'Click <picture><source srcset="https://example.com/dark.png" media="(prefers-color-scheme: dark)"><img src="https://example.com/light.png" alt="Alt tarragon"></picture> then.',
    searched: ['tarragon'],
    links: ['https://example.com/light.png', 'https://example.com/dark.png'],
    translated: ['tarragon'],
    neverTranslated: ['example.com', 'prefers'],
  },
  {
    type: 'file',
    markdown: '{% file src="/files/manual1" %}\nFile caption almond\n{% endfile %}',
    searched: ['almond'],
    links: ['/files/manual1'],
    translated: ['almond'],
    neverTranslated: ['/files/manual1'],
  },
  {
    type: 'embed',
    markdown: '{% embed url="https://example.com/embed" %}\nEmbed caption basil\n{% endembed %}',
    searched: ['basil'],
    links: ['https://example.com/embed'],
    translated: ['basil'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'content-ref',
    markdown: '{% content-ref url="/pages/p1" %}\n[Setup](/pages/p1)\n{% endcontent-ref %}',
    links: ['/pages/p1'],
    neverTranslated: ['/pages/p1'],
  },
  {
    type: 'drawing',
    markdown: '<img src="/files/drawing1" alt="Drawn chervil" class="gitbook-drawing">',
    searched: ['chervil'],
    links: ['/files/drawing1'],
    translated: ['chervil'],
    neverTranslated: ['/files/drawing1', 'gitbook-drawing'],
  },
  { type: 'math', markdown: '$$\nx^2_{secretmath}\n$$', neverTranslated: ['secretmath'] },
  {
    type: 'inline-math',
    markdown: 'Inline $$y_{secretinline}$$ math cashew',
    searched: ['cashew'],
    translated: ['cashew'],
    neverTranslated: ['secretinline'],
  },
  {
    type: 'button',
    markdown: 'Go <a href="https://example.com/button" class="button primary">Button dill</a>.',
    searched: ['dill'],
    links: ['https://example.com/button'],
    translated: ['dill'],
    neverTranslated: ['example.com', 'primary'],
  },
  {
    type: 'button',
    markdown:
      'Or <a href="https://example.com/sized-button" class="button secondary" data-size="small">Sized endive</a>.',
    searched: ['endive'],
    links: ['https://example.com/sized-button'],
    translated: ['endive'],
    neverTranslated: ['example.com', 'small'],
  },
  {
    type: 'button',
    markdown:
      'Then <button type="button" class="button primary" data-action="ask" data-icon="robot">Ask elder</button>.',
    searched: ['elder'],
    translated: ['elder'],
    neverTranslated: ['robot', 'ask"'],
  },
  {
    type: 'icon',
    markdown: 'An icon <i class="fa-rocket">:rocket:</i> here fennel',
    searched: ['fennel'],
    translated: ['fennel'],
    neverTranslated: ['rocket'],
  },
  {
    type: 'emoji',
    markdown: 'Party :tada: ginger',
    searched: ['ginger'],
    translated: ['ginger'],
    neverTranslated: ['tada'],
  },
  {
    type: 'mention',
    markdown: 'See [Setup](/pages/p1 "mention") hops.',
    links: ['/pages/p1'],
    translated: ['hops'],
    neverTranslated: ['/pages/p1'],
  },
  {
    type: 'annotation',
    markdown: 'Annotated word[^1] here.\n\n[^1]: Note text iceberg',
    searched: ['iceberg'],
    translated: ['iceberg'],
  },
  {
    type: 'expression',
    markdown: 'Value {{ space.vars.secretvar }} jam',
    searched: ['jam'],
    translated: ['jam'],
    neverTranslated: ['secretvar'],
  },
  {
    type: 'link',
    markdown: '[Link kale](https://example.com/link)',
    searched: ['kale'],
    links: ['https://example.com/link'],
    translated: ['kale'],
    neverTranslated: ['example.com'],
  },
  {
    type: 'if',
    markdown: '{% if visitor.claims.secretclaim %}\nConditional leek\n{% endif %}',
    searched: ['leek'],
    translated: ['leek'],
    neverTranslated: ['secretclaim'],
  },
  {
    type: 'updates',
    markdown:
      '{% updates format="full" %}\n{% update date="2025-01-31" tags="api" %}\n## Update mint\n\nUpdate body nutmeg\n{% endupdate %}\n{% endupdates %}',
    searched: ['mint', 'nutmeg'],
    translated: ['mint', 'nutmeg'],
    neverTranslated: ['2025-01-31', 'api'],
  },
  {
    type: 'update',
    markdown:
      '{% updates format="full" %}\n{% update date="2025-02-01" %}\nOnly oregano\n{% endupdate %}\n{% endupdates %}',
    searched: ['oregano'],
    translated: ['oregano'],
    neverTranslated: ['2025-02-01'],
  },
  {
    type: 'prompt',
    markdown:
      '{% prompt description="Ask for a secretprompt" %}\n```\nSummarize this page.\n```\n{% endprompt %}',
    neverTranslated: ['secretprompt', 'Summarize'],
  },
  {
    type: 'reusable-content',
    markdown: '{% include "../.gitbook/includes/warning.md" %}',
    links: ['../.gitbook/includes/warning.md'],
    neverTranslated: ['warning'],
  },
  {
    type: 'integration',
    markdown: '{% @mermaid/diagram content="graph TD; secretnode-->B" %}',
    neverTranslated: ['secretnode'],
  },
  {
    type: 'swagger',
    markdown:
      '{% openapi src="/files/spec1" path="/pets" method="get" %}\n[spec.yaml](/files/spec1)\n{% endopenapi %}',
    links: ['/files/spec1'],
    neverTranslated: ['/pets', '/files/spec1'],
  },
  {
    type: 'openapi-operation',
    markdown:
      '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n{% endopenapi-operation %}',
    neverTranslated: ['petstore', '/pets'],
  },
  {
    type: 'openapi-schemas',
    markdown: '{% openapi-schemas spec="petstore" schemas="Pet,Tag" grouped="false" %}',
    neverTranslated: ['petstore', 'Pet,Tag'],
  },
  {
    type: 'openapi-webhook',
    markdown: '{% openapi-webhook spec="petstore" name="newPet" method="post" %}',
    neverTranslated: ['petstore', 'newPet'],
  },
];

/** The node types `document-types.ts` declares: each `Document(Block|Inline)*` interface's `type`. */
function declaredNodeTypes(): string[] {
  const source = readFileSync(new URL('../src/document-types.ts', import.meta.url), 'utf8');
  const types = new Set<string>();
  for (const [, body] of source.matchAll(
    /export interface Document(?:Block|Inline)\w*[^{]*\{([\s\S]*?)\n\}/g,
  ))
    for (const [, literals] of (body ?? '').matchAll(/^ {2}type: ((?:'[a-z0-9-]+'(?: \| )?)+);/gm))
      for (const [, type] of (literals ?? '').matchAll(/'([a-z0-9-]+)'/g)) types.add(type as string);
  // Headings' types are a union of their own.
  const headings = /export type DocumentHeadingType = ([^;]+);/.exec(source)?.[1] ?? '';
  for (const [, type] of headings.matchAll(/'([a-z0-9-]+)'/g)) types.add(type as string);
  return [...types].sort();
}

/** Every node type in a document (blocks, inlines, and the blocks of fragments). */
function typesIn(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const child of node) typesIn(child, into);
  else if (node !== null && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if ((record.object === 'block' || record.object === 'inline') && typeof record.type === 'string')
      into.add(record.type);
    for (const value of Object.values(record)) typesIn(value, into);
  }
  return into;
}

const label = (fixture: Fixture) => `${fixture.type}: ${fixture.markdown.slice(0, 60)}`;

describe('every node type of the document model through every reader of bodies', () => {
  it('has a fixture for every type document-types.ts declares (a new type needs one here)', () => {
    const declared = declaredNodeTypes();
    expect(declared.length).toBeGreaterThanOrEqual(47);
    expect(declared).toContain('heading-1');
    const covered = new Set(fixtures.map((fixture) => fixture.type));
    expect(declared.filter((type) => !covered.has(type))).toEqual([]);
  });

  it.each(fixtures.map((fixture) => [label(fixture), fixture] as const))(
    '%s',
    (_, { type, markdown, searched, sections, links, translated, neverTranslated }) => {
      // The fixture holds its type (and so tests it).
      expect([...typesIn(markdownToDocument(markdown))]).toContain(type);

      const read = markdownSections(markdown);
      const searchText = read.map((section) => `${section.heading?.title ?? ''}\n${section.text}`).join('\n');
      for (const word of [...(searched ?? []), ...(sections ?? [])]) expect(searchText).toContain(word);
      const titles = read.flatMap((section) => (section.heading ? [section.heading.title] : []));
      for (const title of sections ?? []) expect(titles).toContain(title);

      const urls = linksOf(markdown).map((link) => link.url);
      for (const url of links ?? []) expect(urls).toContain(url);

      const sent = translatableTexts(markdown).join('\n');
      for (const word of translated ?? []) expect(sent).toContain(word);
      for (const kept of neverTranslated ?? []) expect(sent).not.toContain(kept);
    },
  );
});
