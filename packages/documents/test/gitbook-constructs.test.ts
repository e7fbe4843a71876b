import { describe, expect, it } from 'vitest';
import { documentToMarkdown, jsonDocumentSchema, markdownToDocument, normalizeMarkdown } from '../src/index';

/** Trees without keys (keys are position paths, ignored on write). */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== 'key')
      .map(([name, item]) => [name, withoutKeys(item)]),
  );
}

/**
 * GitBook's Git Sync forms, written for these tests (tight, as GitBook writes them), with the
 * block each must read as. Every case also checks: the tree passes the write schema, writing it
 * and reading again gives the same tree, and the stored markdown is stable on a second pass.
 */
const cases: Array<{ name: string; markdown: string; expected: unknown }> = [
  {
    name: 'tabs with titles and icons',
    markdown:
      '{% tabs %}\n{% tab title="macOS" icon="apple" %}\nbrew install\n{% endtab %}\n\n{% tab title="Linux" %}\n* apt\n* dnf\n{% endtab %}\n{% endtabs %}',
    expected: {
      type: 'tabs',
      nodes: [
        { type: 'tabs-item', data: { title: 'macOS', icon: 'apple' }, nodes: [{ type: 'paragraph' }] },
        { type: 'tabs-item', data: { title: 'Linux' }, nodes: [{ type: 'list-unordered' }] },
      ],
    },
  },
  {
    name: 'stepper',
    markdown:
      '{% stepper %}\n{% step %}\n### Install\nRun it.\n{% endstep %}\n\n{% step %}\n### Use\nDone.\n{% endstep %}\n{% endstepper %}',
    expected: {
      type: 'stepper',
      nodes: [
        { type: 'stepper-step', nodes: [{ type: 'heading-3' }, { type: 'paragraph' }] },
        { type: 'stepper-step', nodes: [{ type: 'heading-3' }, { type: 'paragraph' }] },
      ],
    },
  },
  {
    name: 'code with title, line numbers and wrap',
    markdown:
      '{% code title="server.ts" overflow="wrap" lineNumbers="true" %}\n```ts\nlisten(3000)\n```\n{% endcode %}',
    expected: {
      type: 'code',
      data: { syntax: 'ts', title: 'server.ts', overflow: 'wrap', lineNumbers: true },
    },
  },
  {
    name: 'expandable',
    markdown: '<details>\n\n<summary>Why?</summary>\n\nBecause.\n\n</details>',
    expected: {
      type: 'expandable',
      data: {},
      fragments: [
        { fragment: 'expandable-title', nodes: [{ type: 'paragraph' }] },
        { fragment: 'expandable-body', nodes: [{ type: 'paragraph' }] },
      ],
    },
  },
  {
    name: 'embed',
    markdown: '{% embed url="https://www.youtube.com/watch?v=x" %}',
    expected: { type: 'embed', data: { url: 'https://www.youtube.com/watch?v=x' } },
  },
  {
    name: 'content-ref',
    markdown: '{% content-ref url="/pages/p1" %}\n[Setup](/pages/p1)\n{% endcontent-ref %}',
    expected: { type: 'content-ref', data: { ref: { kind: 'page', page: 'p1' } } },
  },
  {
    name: 'include of a Git Sync path (reusable content)',
    markdown: '{% include "../.gitbook/includes/warning.md" %}',
    expected: {
      type: 'reusable-content',
      data: { ref: { kind: 'reusable-content', reusableContent: '../.gitbook/includes/warning.md' } },
      path: '../.gitbook/includes/warning.md',
    },
  },
  {
    name: 'include of a reusable content by id',
    markdown: '{% include "/reusable-contents/rc1" %}',
    expected: {
      type: 'reusable-content',
      data: { ref: { kind: 'reusable-content', reusableContent: 'rc1' } },
    },
  },
  {
    name: 'file',
    markdown: '{% file src="/files/f1" %}',
    expected: { type: 'file', data: { ref: { kind: 'file', file: 'f1' } } },
  },
  {
    name: 'figure with caption, size and dark variant',
    markdown:
      '<figure><picture><source srcset="/files/dark" media="(prefers-color-scheme: dark)"><img src="/files/light" alt="Chart" width="50%"></picture><figcaption><p>The <strong>chart</strong></p></figcaption></figure>',
    expected: {
      type: 'images',
      nodes: [
        {
          type: 'image',
          data: {
            ref: { kind: 'file', file: 'light' },
            refDark: { kind: 'file', file: 'dark' },
            alt: 'Chart',
            width: { unit: '%', value: 50 },
          },
          fragments: [{ fragment: 'caption' }],
        },
      ],
    },
  },
  {
    name: 'columns',
    markdown:
      '{% columns %}\n{% column width="50%" %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}',
    expected: {
      type: 'columns',
      nodes: [
        { type: 'column', data: { width: { unit: '%', value: 50 } } },
        { type: 'column', data: {} },
      ],
    },
  },
  {
    name: 'cards',
    markdown:
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Start</strong></td><td><a href="/pages/p1">p1</a></td><td><a href="/files/f1">f1</a></td></tr></tbody></table>',
    expected: {
      type: 'table',
      data: {
        view: {
          type: 'cards',
          cardSize: 'medium',
          columns: ['c0'],
          targetDefinition: 'c1',
          coverDefinition: 'c2',
        },
        records: { r0: { values: { c0: 'r0c0', c1: { kind: 'page', page: 'p1' }, c2: ['f1'] } } },
      },
    },
  },
  {
    name: 'buttons, colors, icons, expressions and inline math in a paragraph',
    markdown:
      'Go <a href="/pages/p1" class="button primary">Start</a>, <mark style="color:red;">red</mark>, <i class="fa-rocket">:rocket:</i>, {{ space.vars.version }} and $$e^x$$.',
    expected: {
      type: 'paragraph',
      nodes: [
        { object: 'text' },
        { type: 'button', data: { label: 'Start', kind: 'primary', ref: { kind: 'page', page: 'p1' } } },
        {
          object: 'text',
          leaves: [
            { text: ', ' },
            { text: 'red', marks: [{ type: 'color', data: { text: 'red', background: 'default' } }] },
            { text: ', ' },
          ],
        },
        { type: 'icon', data: { icon: 'rocket' } },
        { object: 'text' },
        { type: 'expression', data: { expression: 'space.vars.version' } },
        { object: 'text' },
        { type: 'inline-math', data: { formula: 'e^x' } },
        { object: 'text' },
      ],
    },
  },
  {
    name: 'math',
    markdown: '$$\n\\int_0^1 x\\,dx\n$$',
    expected: { type: 'math', data: { formula: '\\int_0^1 x\\,dx' } },
  },
  {
    name: 'hint with icon',
    markdown: '{% hint style="success" icon="check" %}\nSaved.\n{% endhint %}',
    expected: { type: 'hint', data: { style: 'success', icon: 'check' } },
  },
  {
    name: 'updates',
    markdown:
      '{% updates format="full" %}\n{% update date="2025-01-31" tags="api,fix" %}\n## New API\nShipped.\n{% endupdate %}\n{% endupdates %}',
    expected: {
      type: 'updates',
      data: { format: 'full' },
      nodes: [
        {
          type: 'update',
          data: {
            date: '2025-01-31',
            tags: [
              { kind: 'tag', tag: 'api' },
              { kind: 'tag', tag: 'fix' },
            ],
          },
        },
      ],
    },
  },
  {
    name: 'if',
    markdown: '{% if visitor.claims.plan == "pro" %}\nPro content.\n{% endif %}',
    expected: {
      type: 'if',
      data: { expression: 'visitor.claims.plan == "pro"' },
      nodes: [{ type: 'paragraph' }],
    },
  },
  {
    name: 'openapi (swagger)',
    markdown:
      '{% openapi src="/files/spec1" path="/pets" method="get" %}\n[spec.yaml](/files/spec1)\n{% endopenapi %}',
    expected: {
      type: 'swagger',
      data: { ref: { kind: 'file', file: 'spec1' }, path: '/pets', method: 'get' },
    },
  },
  {
    name: 'openapi schemas and webhook',
    markdown: '{% openapi-schemas spec="petstore" schemas="Pet,Tag" grouped="false" %}',
    expected: {
      type: 'openapi-schemas',
      data: { ref: { kind: 'openapi', spec: 'petstore' }, schemas: ['Pet', 'Tag'], grouped: false },
    },
  },
  {
    name: 'openapi webhook',
    markdown: '{% openapi-webhook spec="petstore" name="newPet" method="post" %}',
    expected: {
      type: 'openapi-webhook',
      data: { ref: { kind: 'openapi', spec: 'petstore' }, name: 'newPet', method: 'post' },
    },
  },
  {
    name: 'integration block',
    markdown: '{% @mermaid/diagram content="graph TD; A-->B" %}',
    expected: {
      type: 'integration',
      data: { integration: 'mermaid', block: 'diagram', props: { content: 'graph TD; A-->B' } },
    },
  },
  {
    name: 'drawing (Quire form)',
    markdown: '{% drawing src="/files/d1" %}',
    expected: { type: 'drawing', data: { ref: { kind: 'file', file: 'd1' } } },
  },
  {
    name: "prompt (GitBook's form)",
    markdown: '{% prompt description="Ask for a summary" %}\n```\nSummarize this page.\n```\n{% endprompt %}',
    expected: { type: 'prompt', data: { description: 'Ask for a summary' }, nodes: [{ type: 'code' }] },
  },
  {
    name: 'mention of a page',
    markdown: 'See [Setup](/pages/p1 "mention").',
    expected: {
      type: 'paragraph',
      nodes: [
        { object: 'text' },
        { type: 'mention', data: { ref: { kind: 'page', page: 'p1' } } },
        { object: 'text' },
      ],
    },
  },
  {
    name: 'figure in a layout wrapper (frame, full width, alignment)',
    markdown:
      '<div align="left" data-full-width="true" data-with-frame="true"><figure><img src="/files/a" alt=""><figcaption></figcaption></figure></div>',
    expected: {
      type: 'images',
      data: { align: 'left', fullWidth: true, withFrame: true },
      nodes: [{ type: 'image' }],
    },
  },
  {
    name: "a closing tag right after </details> (one html block in markdown: GitBook's update)",
    markdown:
      '{% updates format="full" %}\n{% update date="2024-05-01" %}\n<details>\n\n<summary>Fixes</summary>\n\n- one\n\n</details>\n{% endupdate %}\n{% endupdates %}',
    expected: { type: 'updates', nodes: [{ type: 'update', nodes: [{ type: 'expandable' }] }] },
  },
  {
    name: "drawing (GitBook's form)",
    markdown: '<img src="/files/d2" alt="" class="gitbook-drawing">',
    expected: { type: 'drawing', data: { ref: { kind: 'file', file: 'd2' } } },
  },
  {
    name: 'inline image with a dark variant',
    markdown:
      'Click <picture><source srcset="/files/dark" media="(prefers-color-scheme: dark)"><img src="/files/light" alt="menu"></picture> then.',
    expected: {
      type: 'paragraph',
      nodes: [
        { object: 'text' },
        {
          type: 'inline-image',
          data: {
            ref: { kind: 'file', file: 'light' },
            refDark: { kind: 'file', file: 'dark' },
            alt: 'menu',
          },
        },
        { object: 'text' },
      ],
    },
  },
  {
    name: 'a closing tag right after a table (a last row in GFM), tabs in a step',
    markdown:
      '{% stepper %}\n{% step %}\n{% tabs %}\n{% tab title="In" %}\n| a | b |\n| - | - |\n| 1 | 2 |\n{% endtab %}\n{% endtabs %}\n{% endstep %}\n{% endstepper %}',
    expected: {
      type: 'stepper',
      nodes: [
        {
          type: 'stepper-step',
          nodes: [{ type: 'tabs', nodes: [{ type: 'tabs-item', nodes: [{ type: 'table' }] }] }],
        },
      ],
    },
  },
  {
    name: 'a grid table GitBook wrote as HTML (column widths)',
    markdown:
      '<table><thead><tr><th width="132">Key</th><th valign="top">Type</th></tr></thead><tbody><tr><td><code>fetch</code></td><td>A <strong>function</strong> &#x26; more</td></tr></tbody></table>',
    expected: {
      type: 'table',
      data: {
        view: { type: 'grid', columns: ['c0', 'c1'] },
        definition: { c0: { title: 'Key' }, c1: { title: 'Type' } },
      },
    },
  },
  {
    name: 'aligned paragraph',
    markdown: '<p align="center">Centered <strong>text</strong></p>',
    expected: {
      type: 'paragraph',
      data: { align: 'center' },
      nodes: [
        { object: 'text', leaves: [{ text: 'Centered ' }, { text: 'text', marks: [{ type: 'bold' }] }] },
      ],
    },
  },
  {
    name: 'aligned paragraph holding an action button',
    markdown:
      '<p align="center"><button type="button" class="button primary" data-action="ask" data-icon="robot">Ask us</button></p>',
    expected: {
      type: 'paragraph',
      data: { align: 'center' },
      nodes: [
        {
          type: 'button',
          data: { label: 'Ask us', kind: 'primary', icon: 'robot', action: { action: 'ask' } },
        },
      ],
    },
  },
  {
    name: 'drawing with alt text (the alt stays in the markdown: a drawing has none)',
    markdown: '<img src="/files/d3" alt="Boxes and arrows" class="gitbook-drawing">',
    expected: { type: 'drawing', data: { ref: { kind: 'file', file: 'd3' } } },
  },
  {
    name: 'drawing whose file is not a space file (shown as the image it is, its address kept)',
    markdown: '<img src="https://example.com/plan.svg" alt="A plan" class="gitbook-drawing">',
    expected: {
      type: 'images',
      nodes: [
        { type: 'image', data: { ref: { kind: 'url', url: 'https://example.com/plan.svg' }, alt: 'A plan' } },
      ],
    },
  },
  {
    name: 'heading with its id anchor',
    markdown: '## Set up <a href="#set-up" id="set-up"></a>',
    expected: {
      type: 'heading-2',
      data: { id: 'set-up' },
      nodes: [{ object: 'text', leaves: [{ text: 'Set up' }] }],
    },
  },
  {
    name: 'keyboard, superscript and subscript',
    markdown: 'Press <kbd>Ctrl</kbd>, x<sup>2</sup>, H<sub>2</sub>O',
    expected: {
      type: 'paragraph',
      nodes: [
        {
          object: 'text',
          leaves: [
            { text: 'Press ' },
            { text: 'Ctrl', marks: [{ type: 'keyboard' }] },
            { text: ', x' },
            { text: '2', marks: [{ type: 'superscript' }] },
            { text: ', H' },
            { text: '2', marks: [{ type: 'subscript' }] },
            { text: 'O' },
          ],
        },
      ],
    },
  },
];

describe('GitBook constructs, markdown <-> document', () => {
  it.each(cases)('$name', ({ markdown, expected }) => {
    const document = markdownToDocument(markdown);
    expect(document.nodes).toHaveLength(1);
    expect(document.nodes[0]).toMatchObject(expected as object);
    const checked = jsonDocumentSchema.safeParse(document);
    expect(checked.error?.issues ?? []).toEqual([]);
    const written = documentToMarkdown(document);
    expect(withoutKeys(markdownToDocument(written))).toEqual(withoutKeys(document));
    const stored = normalizeMarkdown(markdown);
    expect(normalizeMarkdown(stored)).toBe(stored);
    expect(normalizeMarkdown(written)).toBe(written);
  });

  it("writes an expression as GitBook's Git Sync does, and reads both forms alike", () => {
    const gitbook =
      'Version <code class="expression">space.vars.version</code> for <code class="expression">visitor.claims.plan == &quot;pro&quot; &amp;&amp; x &lt; 2</code>.';
    const braces = 'Version {{ space.vars.version }} for {{ visitor.claims.plan == "pro" && x < 2 }}.';
    const fromGitbook = markdownToDocument(gitbook);
    expect(withoutKeys(markdownToDocument(braces))).toEqual(withoutKeys(fromGitbook));
    const written = documentToMarkdown(fromGitbook);
    expect(written).toContain(
      'Version <code class="expression">space.vars.version</code> for <code class="expression">',
    );
    expect(written).not.toContain('{{');
    expect(withoutKeys(markdownToDocument(written))).toEqual(withoutKeys(fromGitbook));
  });

  it('keeps a block where GitBook does not allow it as its text (a tab outside tabs, tabs in a quote)', () => {
    const document = markdownToDocument(
      '{% tab title="a" %}\nx\n{% endtab %}\n\n> {% tabs %}\n> {% tab %}\n> y\n> {% endtab %}\n> {% endtabs %}',
    );
    expect(document.nodes.map((node) => node.type)).toEqual(['paragraph', 'blockquote']);
    expect(JSON.stringify(document)).toContain('{% tab title=\\"a\\" %}');
  });

  it('keeps an embed caption and a file with an unresolved path as content, never losing them', () => {
    const embed = markdownToDocument('{% embed url="https://x.test/v" %}\nA caption\n{% endembed %}');
    expect(embed.nodes.map((node) => node.type)).toEqual(['embed', 'paragraph']);
    const file = markdownToDocument('{% file src="../.gitbook/assets/a.pdf" %}\nThe PDF\n{% endfile %}');
    expect(JSON.stringify(file)).toContain('a.pdf');
    expect(JSON.stringify(file)).toContain('The PDF');
  });
});
