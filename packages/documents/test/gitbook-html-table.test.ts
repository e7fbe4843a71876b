import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { gitbookTableOfHtml, legacyHintOfHtml } from '../src/gitbook-html-table';
import { gitbookTableHtml, isOneHtmlBlock } from '../src/gitbook-html-table-print';
import { normalizeMarkdown, parseMarkdown } from '../src/markdown-processor';

const firstOf = (markdown: string) => (parseMarkdown(markdown) as Root).children[0];

function expectStable(markdown: string): string {
  const once = normalizeMarkdown(markdown);
  expect(normalizeMarkdown(once)).toBe(once);
  return once;
}

// Our own fixtures, in the shapes GitBook's Git Sync writes.
const blocksInCells =
  '<table data-full-width="true"><thead><tr><th width="180.5" valign="top">Option</th><th valign="top">Meaning</th></tr></thead>' +
  '<tbody><tr><td valign="top"><code>mode</code></td><td valign="top"><p>How the lamp shines.<br></p><p>One of:</p>' +
  '<ul><li><code>dim</code> - low</li><li>bright, with <a href="../guide/light.md">the guide</a></li></ul><p>E.g.</p>' +
  '<pre class="language-json"><code class="lang-json">{\n  "mode": "dim"\n}\n</code></pre></td></tr>' +
  '<tr><td valign="top"><code>hue</code></td><td valign="top">A colour.<br><br>Default: <strong>white</strong></td></tr></tbody></table>';

describe("GitBook's HTML tables with blocks in cells", () => {
  it('reads cells of paragraphs, lists and code as blocks, columns with their attributes', () => {
    const table = firstOf(blocksInCells);
    expect(table).toMatchObject({
      type: 'gitbookTable',
      attributes: { 'data-full-width': 'true' },
      columns: [
        { attributes: { width: '180.5', valign: 'top' }, title: [{ type: 'text', value: 'Option' }] },
        { attributes: { valign: 'top' } },
      ],
      children: [
        {
          type: 'gitbookTableRow',
          children: [
            {
              type: 'gitbookTableCell',
              children: [{ type: 'paragraph', children: [{ type: 'inlineCode' }] }],
            },
            {
              type: 'gitbookTableCell',
              children: [
                { type: 'paragraph' },
                { type: 'paragraph' },
                {
                  type: 'list',
                  ordered: false,
                  children: [
                    { type: 'listItem', children: [{ type: 'paragraph' }] },
                    {
                      type: 'listItem',
                      children: [
                        { type: 'paragraph', children: [{}, { type: 'link', url: '../guide/light.md' }] },
                      ],
                    },
                  ],
                },
                { type: 'paragraph' },
                { type: 'code', lang: 'json', value: '{\n  "mode": "dim"\n}' },
              ],
            },
          ],
        },
        {
          type: 'gitbookTableRow',
          children: [
            {},
            {
              children: [
                {
                  type: 'paragraph',
                  children: [
                    { type: 'text' },
                    { type: 'break' },
                    { type: 'break' },
                    { type: 'text' },
                    { type: 'strong' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('writes the table back as GitBook writes it, and a second pass changes nothing', () => {
    expect(expectStable(blocksInCells)).toBe(`${blocksInCells}\n`);
  });

  it('writes a cell of one paragraph as its inline HTML, and each cell with its column alignment', () => {
    const written =
      '<table><thead><tr><th align="center" valign="top">A</th></tr></thead><tbody><tr><td><p>only</p></td></tr></tbody></table>';
    expect(expectStable(written)).toBe(
      '<table><thead><tr><th align="center" valign="top">A</th></tr></thead><tbody><tr><td align="center" valign="top">only</td></tr></tbody></table>\n',
    );
  });

  it('reads cards whose cells hold headings and paragraphs', () => {
    const cards =
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead>' +
      '<tbody><tr><td><h4><i class="fa-lamp">:lamp:</i></h4></td><td><h4>Lamps</h4><p>All about lamps.</p></td>' +
      '<td><a href="lamps/">lamps</a></td></tr></tbody></table>';
    expect(firstOf(cards)).toMatchObject({
      type: 'gitbookTable',
      attributes: { 'data-view': 'cards' },
      children: [
        {
          children: [
            { children: [{ type: 'heading', depth: 4, children: [{ type: 'gitbookIcon', icon: 'lamp' }] }] },
            { children: [{ type: 'heading', depth: 4 }, { type: 'paragraph' }] },
            { children: [{ type: 'paragraph', children: [{ type: 'link', url: 'lamps/' }] }] },
          ],
        },
      ],
    });
    expect(expectStable(cards)).toBe(`${cards}\n`);
  });

  it('reads a mention in a cell (<a data-mention>) as the link titled "mention" and writes it back', () => {
    const cards =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead>' +
      '<tbody><tr><td><strong>Lamps</strong></td><td><a data-mention href="lamps.md">lamps.md</a></td></tr></tbody></table>';
    expect(firstOf(cards)).toMatchObject({
      type: 'gitbookCards',
      rows: [[[{ type: 'strong' }], [{ type: 'link', url: 'lamps.md', title: 'mention' }]]],
    });
    expect(expectStable(cards)).toBe(`${cards}\n`);
    const titled = cards.replace('<a data-mention ', '<a data-mention title="x" ');
    expect(firstOf(titled)).toMatchObject({ type: 'html' });
  });

  it('reads buttons and dark-variant pictures inside HTML (an aligned paragraph, a summary, a cell)', () => {
    const centered =
      '<p align="center"><a href="https://example.com/x" class="button secondary" data-icon="plug">Add it</a></p>';
    expect(firstOf(centered)).toMatchObject({
      type: 'gitbookParagraph',
      children: [
        {
          type: 'gitbookButton',
          url: 'https://example.com/x',
          kind: 'secondary',
          icon: 'plug',
          label: 'Add it',
        },
      ],
    });
    expect(expectStable(centered)).toBe(`${centered}\n`);
    const summary =
      '<details>\n\n<summary>Plans <picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt="Badge"></picture></summary>\n\nBody\n\n</details>';
    expect(firstOf(summary)).toMatchObject({
      type: 'gitbookDetails',
      summary: [
        { type: 'text' },
        { type: 'gitbookPicture', url: 'light.png', darkUrl: 'dark.png', alt: 'Badge' },
      ],
    });
    expect(expectStable(summary)).toBe(`${summary}\n`);
    for (const html of [
      '<p align="center"><a href="x" class="button tertiary">a</a></p>',
      '<p align="center"><a href="x" class="button primary" onclick="y()">a</a></p>',
      '<p align="center"><a href="x" class="button primary"><strong>a</strong></a></p>',
      '<p align="center"><picture><source srcset="d" media="print"><img src="l" alt=""></picture></p>',
    ])
      expect(firstOf(html), html).toMatchObject({ type: 'html' });
  });

  it('reads select columns: the options in the header, the chosen ones in each cell', () => {
    const grid =
      '<table><thead><tr><th>Lamp</th><th>State<select multiple><option value="o1" label="On" color="green"></option><option value="o2" label="Dimmed" color="orange"></option></select></th></tr></thead>' +
      '<tbody><tr><td>Desk</td><td><span data-option="o2">Dimmed, </span><span data-option="o1">On</span></td></tr><tr><td>Hall</td><td></td></tr></tbody></table>';
    expect(firstOf(grid)).toMatchObject({
      type: 'gitbookTable',
      columns: [
        {},
        {
          title: [{ type: 'text', value: 'State' }],
          select: {
            multiple: true,
            options: [
              { value: 'o1', label: 'On', color: 'green' },
              { value: 'o2', label: 'Dimmed', color: 'orange' },
            ],
          },
        },
      ],
      children: [
        { children: [{}, { options: ['o2', 'o1'], children: [] }] },
        { children: [{}, { options: [] }] },
      ],
    });
    expect(expectStable(grid)).toBe(`${grid}\n`);
    for (const wrong of [
      grid.replace('<span data-option="o1">On</span>', '<span data-option="o3">On</span>'),
      grid.replace('Dimmed, </span>', 'Dim, </span>'),
      grid.replace(' multiple', ''),
      grid.replace('color="green"', 'color="green" onclick="x()"'),
    ])
      expect(gitbookTableOfHtml(wrong), wrong).toBeUndefined();
  });

  it("reads GitBook's earlier emoji span in a cell as the emoji, written back in that form", () => {
    const grid =
      '<table><thead><tr><th width="120">Way</th><th>Good</th></tr></thead><tbody><tr><td>Cookie</td>' +
      '<td><span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span> Fast<br>Sure</td></tr></tbody></table>';
    expect(firstOf(grid)).toMatchObject({
      type: 'gitbookTable',
      children: [
        {
          children: [
            {},
            {
              children: [
                {
                  children: [
                    { type: 'gitbookEmoji', name: 'white_check_mark' },
                    { type: 'text', value: ' Fast' },
                    { type: 'break' },
                    { type: 'text', value: 'Sure' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(expectStable(grid)).toBe(`${grid}\n`);
    for (const wrong of [
      grid.replace('data-code="2705"', 'data-code="zz"'),
      grid.replace('data-tag="emoji"', 'data-tag="other"'),
      grid.replace('data-gb-custom-inline ', 'style="x" '),
    ])
      expect(gitbookTableOfHtml(wrong), wrong).toBeUndefined();
  });

  it("reads GitBook's earlier hint in HTML as a hint, written in today's form", () => {
    const legacy =
      '- Step one\n\n  <div data-gb-custom-block data-tag="hint" data-style="success" class="hint hint-success"><p><strong>Tip:</strong> it works.</p></div>';
    const item = (parseMarkdown(legacy).children[0] as { children: { children: unknown[] }[] }).children[0];
    expect(item?.children[1]).toMatchObject({
      type: 'hint',
      style: 'success',
      children: [
        { type: 'paragraph', children: [{ type: 'strong' }, { type: 'text', value: ' it works.' }] },
      ],
    });
    expect(expectStable(legacy)).toBe(
      '- Step one\n\n  {% hint style="success" %}\n\n  **Tip:** it works.\n\n  {% endhint %}\n',
    );
    for (const wrong of [
      '<div data-gb-custom-block data-tag="hint" data-style="loud"><p>a</p></div>',
      '<div data-gb-custom-block data-tag="hint" data-style="info" onclick="x()"><p>a</p></div>',
      '<div data-gb-custom-block data-tag="tabs" data-style="info"><p>a</p></div>',
      '<div data-gb-custom-block data-tag="hint" data-style="info"><script>x()</script></div>',
    ])
      expect(legacyHintOfHtml(wrong), wrong).toBeUndefined();
  });

  it("reads GitBook's empty paragraph in a GFM cell (<p><br></p>) as an empty cell", () => {
    expect(expectStable('| Key | Value |\n| - | - |\n| a | <p><br></p> |\n')).toBe(
      '| Key | Value |\n| - | - |\n| a | |\n',
    );
    expect(expectStable('| Key |\n| - |\n| <p>b</p> |\n')).toBe('| Key |\n| - |\n| <p>b</p> |\n');
  });

  it('writes a button whose link holds | or a quote so that it reads back the same, also in a GFM cell', () => {
    const cell =
      '| Go |\n| - |\n| <a href="https://example.com/?a=1&#x7C;2&#x26;q=&#x22;x&#x22;" class="button primary">Run</a> |\n';
    const read = parseMarkdown(cell);
    expect(JSON.stringify(read)).toContain('"url":"https://example.com/?a=1|2&q=\\"x\\""');
    expect(expectStable(cell)).toBe(cell);
  });

  it('keeps a table as html when a cell holds anything else, or its alignment is not its column’s', () => {
    for (const cell of [
      '<div>block</div>',
      '<p onclick="x()">a</p>',
      '<script>alert(1)</script>',
      '<table><tr><td>a</td></tr></table>',
      '<pre><code><b>bold</b></code></pre>',
      '<pre class="language-js"><code class="lang-py">x</code></pre>',
      'text <p>then a block</p>',
    ]) {
      const html = `<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>${cell}</td></tr></tbody></table>`;
      expect(gitbookTableOfHtml(html), cell).toBeUndefined();
    }
    expect(
      gitbookTableOfHtml(
        '<table><thead><tr><th align="center">A</th></tr></thead><tbody><tr><td align="right">a</td></tr></tbody></table>',
      ),
    ).toBeUndefined();
    expect(
      gitbookTableOfHtml(
        '<table style="color:red"><thead><tr><th>A</th></tr></thead><tbody><tr><td><p>a</p><p>b</p></td></tr></tbody></table>',
      ),
    ).toBeUndefined();
  });

  it('keeps lists nested past the limit as html', () => {
    const deep = (depth: number) => '<ul><li>'.repeat(depth) + 'x' + '</li></ul>'.repeat(depth);
    const table = (cell: string) =>
      `<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>${cell}</td></tr></tbody></table>`;
    expect(gitbookTableOfHtml(table(deep(8)))).toBeDefined();
    expect(gitbookTableOfHtml(table(deep(9)))).toBeUndefined();
  });

  it('escapes what it writes and knows when code would end the html block', () => {
    const html = gitbookTableHtml({
      attributes: {},
      columns: [{ attributes: {}, title: [{ type: 'text', value: '<b>' }] }],
      children: [
        {
          type: 'gitbookTableRow',
          children: [
            {
              type: 'gitbookTableCell',
              children: [
                { type: 'paragraph', children: [{ type: 'text', value: '</td><script>' }] },
                { type: 'code', lang: 'js" onload="x', meta: null, value: 'a\n\nb' },
              ],
            },
          ],
        },
      ],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('" onload');
    expect(isOneHtmlBlock(html)).toBe(false);
    expect(isOneHtmlBlock(blocksInCells)).toBe(true);
  });

  it('reads 64 KB of adversarial table HTML, keeping what it cannot read as html', () => {
    const rows = '<tr><td><p>a<br></p><ul><li><ul><li>b</li></ul></li></ul></td></tr>'.repeat(1000);
    const big = `<table><thead><tr><th>A</th></tr></thead><tbody>${rows}</tbody></table>`;
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect(firstOf(big)).toMatchObject({ type: 'gitbookTable' });
    // Unclosed elements count as open ones: html, as written.
    const unclosed = `<table><thead><tr><th>A</th></tr></thead><tbody>${'<tr><td><ul><li><p>x'.repeat(4000)}`;
    expect(unclosed.length).toBeGreaterThan(64 * 1024);
    expect(firstOf(unclosed)).toMatchObject({ type: 'html', value: unclosed });
    // Lists nested past the limit in one cell, never closed: html, as written.
    const deep = `<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>${'<ul><li>x'.repeat(8000)}`;
    expect(deep.length).toBeGreaterThan(64 * 1024);
    expect(firstOf(deep)).toMatchObject({ type: 'html', value: deep });
    const nestedInline = `<table><thead><tr><th>A</th></tr></thead><tbody><tr><td><p>${'<strong>'.repeat(9000)}x</p></td></tr></tbody></table>`;
    expect(nestedInline.length).toBeGreaterThan(64 * 1024);
    expect(['html', 'gitbookTable']).toContain(firstOf(nestedInline)?.type);
  });
});
