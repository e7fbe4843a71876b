import { describe, expect, it } from 'vitest';
import { jsonDocumentSchema } from '../src/document-schema';
import type { DocumentBlockTable, JSONDocument } from '../src/document-types';
import { normalizeMarkdown } from '../src/markdown-processor';
import { markdownToDocument } from '../src/to-document';
import { documentToMarkdown } from '../src/to-markdown';

// Our own fixtures, in the shapes GitBook's Git Sync writes.
const grid =
  '<table data-full-width="false" data-search="false"><thead><tr><th width="180.5" valign="top">Option</th><th align="center" valign="top">Meaning</th></tr></thead>' +
  '<tbody><tr><td valign="top"><code>mode</code></td><td align="center" valign="top"><p>How the lamp shines.</p>' +
  '<ul><li><code>dim</code>: low</li><li>bright, see <a href="https://example.com/light">the guide</a></li></ul>' +
  '<pre class="language-json"><code class="lang-json">{\n  "mode": "dim"\n}\n</code></pre></td></tr>' +
  '<tr><td valign="top"><code>hue</code></td><td align="center" valign="top">A colour<br>and its <strong>name</strong></td></tr></tbody></table>';

const cards =
  '<table data-card-size="large" data-view="cards"><thead><tr><th></th><th></th><th>Price<select multiple><option value="p1" label="Free" color="green"></option><option value="p2" label="Paid" color="blue"></option></select></th>' +
  '<th data-hidden data-card-target data-type="content-ref"></th></tr></thead>' +
  '<tbody><tr><td><h3><i class="fa-lamp">:lamp:</i></h3></td><td><h3>Lamps</h3><p>All about lamps.</p></td>' +
  '<td><span data-option="p1">Free, </span><span data-option="p2">Paid</span></td>' +
  '<td><a href="https://example.com/lamps">https://example.com/lamps</a></td></tr></tbody></table>';

const tableOf = (document: JSONDocument) => document.nodes[0] as DocumentBlockTable;

function expectRoundTrips(markdown: string): JSONDocument {
  const document = markdownToDocument(markdown);
  expect(jsonDocumentSchema.safeParse(document).success).toBe(true);
  const written = documentToMarkdown(document);
  expect(written).toBe(normalizeMarkdown(markdown));
  expect(markdownToDocument(written)).toEqual(document);
  expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
  return document;
}

describe("GitBook's HTML tables in the document", () => {
  it('reads a grid whose cells hold blocks: widths, alignments, full width, search, fragments of blocks', () => {
    const table = tableOf(expectRoundTrips(grid));
    expect(table.data).toMatchObject({
      view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false, columnWidths: { c0: 180.5 } },
      definition: {
        c0: { type: 'text', title: 'Option', textAlignment: 'left', verticalAlignment: 'top' },
        c1: { type: 'text', title: 'Meaning', textAlignment: 'center', verticalAlignment: 'top' },
      },
      records: { r0: { values: { c0: 'r0c0', c1: 'r0c1' } }, r1: { values: { c0: 'r1c0', c1: 'r1c1' } } },
      fullWidth: false,
      search: false,
    });
    const cell = table.fragments.find((fragment) => fragment.fragment === 'r0c1');
    expect(cell?.nodes.map((node) => node.type)).toEqual(['paragraph', 'list-unordered', 'code']);
    expect(documentToMarkdown(markdownToDocument(grid))).toBe(`${grid}\n`);
  });

  it('reads cards whose cells hold headings, with a select column and a hidden target', () => {
    const table = tableOf(expectRoundTrips(cards));
    expect(table.data).toMatchObject({
      view: { type: 'cards', cardSize: 'large', columns: ['c0', 'c1', 'c2'], targetDefinition: 'c3' },
      definition: {
        c2: {
          type: 'select',
          title: 'Price',
          multiple: true,
          options: [
            { value: 'p1', label: 'Free', color: 'green' },
            { value: 'p2', label: 'Paid', color: 'blue' },
          ],
        },
        c3: { type: 'content-ref' },
      },
      records: {
        r0: { values: { c2: ['p1', 'p2'], c3: { kind: 'url', url: 'https://example.com/lamps' } } },
      },
    });
    expect(
      table.fragments.find((fragment) => fragment.fragment === 'r0c1')?.nodes.map((node) => node.type),
    ).toEqual(['heading-3', 'paragraph']);
  });

  it('reads whether cards wrap (data-card-wrap) and writes it back', () => {
    const unwrapped = cards.replace(
      'data-card-size="large" data-view="cards"',
      'data-card-size="large" data-card-wrap="false" data-view="cards"',
    );
    expect(tableOf(expectRoundTrips(unwrapped)).data.view).toMatchObject({ type: 'cards', wrap: false });
  });

  it('writes a grid of one-line cells with nothing a GFM table lacks as a GFM table, as before', () => {
    const plain =
      '<table><thead><tr><th>Key</th><th>Value</th></tr></thead><tbody><tr><td><code>a</code></td><td>one <strong>b</strong></td></tr></tbody></table>';
    expect(documentToMarkdown(markdownToDocument(plain))).toBe(
      '| Key | Value |\n| - | - |\n| `a` | one **b** |\n',
    );
  });

  it("keeps code with a backslash before a pipe in GitBook's HTML table, which a GFM table cannot hold", () => {
    // In a GFM table `\|` in a code span reads as `|`, and `\\|` ends the cell.
    const html =
      '<table><thead><tr><th>Pattern</th></tr></thead><tbody><tr><td><code>a\\|b</code></td></tr></tbody></table>';
    const document = markdownToDocument(html);
    const [fragment] = tableOf(document).fragments ?? [];
    expect(JSON.stringify(fragment)).toContain('"text":"a\\\\|b"');
    expect(documentToMarkdown(document)).toBe(`${html}\n`);
    expect(markdownToDocument(documentToMarkdown(document))).toEqual(document);
  });

  it('keeps inline images in the cells of a table written as HTML, in the form GitBook writes them there', () => {
    // GitBook writes an inline image inside its HTML as `<img src alt>`, `data-size="line"` for a
    // line-sized one, `<picture>` for a dark variant; the code with `\\|` keeps the table HTML.
    const html =
      '<table><thead><tr><th>Lamp</th><th>Pattern</th></tr></thead><tbody>' +
      '<tr><td>Plain <img src="lamp.png" alt="A lamp"> and <img src="caption.png" alt="" title="Lit"></td><td><code>a\\|b</code></td></tr>' +
      '<tr><td><p>Sized <img src="dim.png" alt="" data-size="line"></p><ul><li><picture><source srcset="dark.png" media="(prefers-color-scheme: dark)"><img src="light.png" alt="Both" data-size="line"></picture></li></ul></td><td>x</td></tr>' +
      '</tbody></table>';
    const document = expectRoundTrips(html);
    const table = tableOf(document);
    expect(table.type).toBe('table');
    const images = JSON.stringify(table.fragments).match(/"type":"inline-image"/g) ?? [];
    expect(images).toHaveLength(4);
    expect(JSON.stringify(table.fragments)).toContain('"size":"line"');
    expect(documentToMarkdown(document)).toBe(`${html}\n`);
  });

  it("reads a number cell written `null` (GitBook's export of a cell without a value) as no value", () => {
    const html =
      '<table data-full-width="true"><thead><tr><th width="120">Shop</th><th data-type="number">Reach</th></tr></thead>' +
      '<tbody><tr><td>north</td><td>2.5</td></tr><tr><td>south</td><td>null</td></tr></tbody></table>';
    const table = tableOf(markdownToDocument(html));
    expect(table.type).toBe('table');
    const reach = Object.values(table.data.records).map((record) => Object.values(record.values)[1]);
    expect(reach).toEqual([2.5, null]);
    // Written back as an empty cell, which reads as the same document.
    const written = documentToMarkdown(markdownToDocument(html));
    expect(written).not.toContain('null');
    expect(markdownToDocument(written)).toEqual(markdownToDocument(html));
  });

  it('keeps a table whose cells or fields the model cannot hold as its HTML, as text', () => {
    for (const html of [
      grid.replace('data-search="false"', 'data-search="maybe"'),
      grid.replace('width="180.5"', 'width="wide"'),
      grid.replace('valign="top">Option', 'valign="sideways">Option'),
      '<table><thead><tr><th data-type="number">N</th></tr></thead><tbody><tr><td>many</td></tr></tbody></table>',
    ]) {
      const [block] = markdownToDocument(html).nodes;
      expect(block?.type, html).toBe('paragraph');
      expect(JSON.stringify(block)).toContain('<table');
    }
  });
});
