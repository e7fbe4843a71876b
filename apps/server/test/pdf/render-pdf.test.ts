/**
 * `renderPdf` over a document using every construct, read back with pdf-parse: the title,
 * every page title in the contents and as a heading, the text of each construct, a code
 * line, a table cell, the clickable web link (and none for a `javascript:` one), the PNG
 * drawn and the unusable images as placeholders; bodies asked for once each, in order.
 */
import { Writable } from 'node:stream';
import { markdownToDocument } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import type { PdfBody } from '../../src/pdf/pdf-document';
import { type RenderPdfOptions, renderPdf } from '../../src/pdf/render-pdf';
import { GIF, includedDocument, markdownDocument, PNG } from './pdf-fixtures';
import { readPdf } from './pdf-text';

const EVERYTHING = `# A heading

Some **bold words**, *italic words*, \`inline code\`, ~~struck words~~ and [a web link](https://example.com/docs), [a page link](/pages/page-child) and [a script](javascript:alert(1)).

## A second-level heading

- an item
  - a nested item
- another item

1. first step
2. second step

- [x] a finished task
- [ ] an open task

\`\`\`js
function answer() {
  return 42;
}
\`\`\`

> A quoted remark

| Column one | Column two |
| --- | --- |
| cell alpha | cell beta |

![a picture](https://images.example/picture.png)

![a gif](https://images.example/picture.gif)

![an unavailable one](https://images.example/missing.png)

{% hint style="info" %}
A hint to the reader.
{% endhint %}

{% openapi-operation spec="petstore" path="/pets/{id}" method="get" %}
{% endopenapi-operation %}

---

The last paragraph.
`;

const PAGES = [
  { id: 'page-intro', title: 'Introduction', depth: 0, markdown: EVERYTHING },
  { id: 'page-child', title: 'A child page', depth: 1, markdown: 'Child text.' },
  { id: 'page-grandchild', title: 'A grandchild page', depth: 2, markdown: 'Grandchild text.' },
  { id: 'page-second', title: 'Second top page', depth: 0, markdown: '' },
];

const IMAGES = new Map<string, Uint8Array>([
  ['https://images.example/picture.png', PNG],
  ['https://images.example/picture.gif', GIF],
]);

async function rendered(
  document: Parameters<typeof renderPdf>[0],
  options?: RenderPdfOptions,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await renderPdf(document, sink, options);
  return Buffer.concat(chunks);
}

describe('renderPdf', () => {
  it('draws a title page, the contents and every page with every construct', async () => {
    const document = markdownDocument('The Handbook', PAGES, IMAGES);
    const bytes = await rendered(document);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(bytes);
    const text = pdf.text;
    expect(text).toContain('The Handbook');
    expect(text).toContain('Contents');
    for (const page of PAGES) {
      // Once in the contents, once as the page's heading.
      expect(text.split(page.title).length - 1).toBe(2);
    }
    for (const expected of [
      'A heading',
      'A second-level heading',
      'bold words',
      'italic words',
      'inline code',
      'struck words',
      'a web link',
      'a page link',
      'a nested item',
      '1. first step',
      '[x] a finished task',
      '[ ] an open task',
      'return 42;',
      'A quoted remark',
      'Column one',
      'cell alpha',
      'cell beta',
      'Info',
      'A hint to the reader.',
      'GET /pets/{id}',
      'API operation of the OpenAPI specification "petstore"',
      'The last paragraph.',
      'Grandchild text.',
    ]) {
      expect(text).toContain(expected);
    }
    // The PNG is drawn; the GIF and the missing image are placeholders with their alt text.
    expect(text).not.toContain('a picture');
    expect(text).toContain('[image: a gif]');
    expect(text).toContain('[image: an unavailable one]');
    // The web link is clickable; the javascript: one is text only.
    expect(pdf.urls).toContain('https://example.com/docs');
    expect(pdf.urls.some((url) => url.startsWith('javascript'))).toBe(false);
    // Each body is asked for once, in order, when its page is drawn.
    expect(document.bodiesAsked).toEqual([0, 1, 2, 3]);
    // The PNG is embedded as an image.
    expect(bytes.includes('/Subtype /Image')).toBe(true);
    // Contents entries and the page link jump inside the PDF; the outline lists the pages.
    const raw = bytes.toString('latin1');
    expect(raw.split('/S /GoTo').length - 1).toBe(PAGES.length + 1);
    for (const page of PAGES) expect(raw).toContain('(' + page.id + ')');
    expect(raw).toContain('/Outlines');
  });

  it('draws a code block longer than a page on as many pages as it needs', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => 'line number ' + index);
    const document = markdownDocument('Long code', [
      { id: 'page-code', title: 'Code', depth: 0, markdown: '```\n' + lines.join('\n') + '\n```\n' },
    ]);
    const pdf = await readPdf(await rendered(document));
    expect(pdf.pageCount).toBeGreaterThan(4);
    expect(pdf.text).toContain('line number 0');
    expect(pdf.text).toContain('line number 199');
  });

  it('tells each page drawn, of how many, and stops before the next page once aborted', async () => {
    const pages = ['one', 'two', 'three'].map((title) => ({ id: title, title, depth: 0, markdown: title }));
    const drawn: Array<[number, number]> = [];
    await rendered(markdownDocument('Progress', pages), {
      onPageDrawn: (done, total) => drawn.push([done, total]),
    });
    expect(drawn).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);

    const stop = new AbortController();
    const document = markdownDocument('Stopped', pages);
    const rendering = rendered(document, {
      signal: stop.signal,
      onPageDrawn: (done) => {
        if (done === 1) stop.abort(new Error('the worker stopped'));
      },
    });
    await expect(rendering).rejects.toThrow('the worker stopped');
    expect(document.bodiesAsked).toEqual([0]);
  });

  it('draws every GitBook block: tabs titled one after the other, steps numbered, expandables open, block math searchable, inline math drawn, embeds, content-refs and files as links', async () => {
    const markdown = [
      '{% tabs %}\n{% tab title="First tab" %}\nIn the first tab.\n{% endtab %}\n\n{% tab title="Second tab" %}\nIn the second tab.\n{% endtab %}\n{% endtabs %}',
      '{% stepper %}\n{% step %}\n### Create a space\n\nClick new.\n{% endstep %}\n\n{% step %}\n### Invite people\n\nBy email.\n{% endstep %}\n{% endstepper %}',
      '<details>\n\n<summary>More details</summary>\n\nHidden until opened.\n\n</details>',
      '{% columns %}\n{% column %}\nLeft column.\n{% endcolumn %}\n\n{% column %}\nRight column.\n{% endcolumn %}\n{% endcolumns %}',
      '{% updates format="full" %}\n{% update date="2024-01-02" %}\nShipped it.\n{% endupdate %}\n{% endupdates %}',
      '{% if visitor.claims.plan == "pro" %}\nFor pros.\n{% endif %}',
      '$$\nE = mc^2\n$$',
      'Inline $$a^2$$ math and a <a href="https://example.com/start" class="button primary">Get started</a> button.',
      '{% embed url="https://video.example/watch" %}',
      '{% content-ref url="/pages/page-child" %}\n[A child page](/pages/page-child)\n{% endcontent-ref %}',
      '{% file src="/files/file-1" %}\nThe manual\n{% endfile %}',
      '{% code title="index.js" %}\n```js\nrunIt();\n```\n{% endcode %}',
      '<figure><img src="https://images.example/missing.png" alt="A figure"><figcaption><p>The figure caption</p></figcaption></figure>',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>A card</strong></td><td><a href="https://example.com/card">card</a></td></tr></tbody></table>',
    ].join('\n\n');
    const document = {
      ...markdownDocument('Blocks', [
        { id: 'page-blocks', title: 'Blocks', depth: 0, markdown },
        { id: 'page-child', title: 'A child page', depth: 0, markdown: 'Child.' },
      ]),
      fileNames: { 'file-1': 'manual.pdf' },
    };
    const pdf = await readPdf(await rendered(document));
    const text = pdf.text.replace(/\s+/g, ' ');
    const inOrder = [
      'First tab',
      'In the first tab.',
      'Second tab',
      'In the second tab.',
      '1.',
      'Create a space',
      'Click new.',
      '2.',
      'Invite people',
      'More details',
      'Hidden until opened.',
      'Left column.',
      'Right column.',
      '2024-01-02',
      'Shipped it.',
      'Shown when: visitor.claims.plan == "pro"',
      'For pros.',
      'E = mc^2',
      // Inline math is typeset and drawn (issue 27, item 4): no text of it between the words.
      'Inline math and a',
      '[Get started]',
      'Embedded: https://video.example/watch',
      'See: A child page',
      'File: manual.pdf',
      'runIt();',
      '[image: A figure]',
      'The figure caption',
      'A card',
    ];
    let from = 0;
    for (const expected of inOrder) {
      const at = text.indexOf(expected, from);
      expect(at, `${expected} after ${inOrder[inOrder.indexOf(expected) - 1]}`).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
    expect(pdf.urls).toContain('https://video.example/watch');
    expect(pdf.urls).toContain('https://example.com/start');
    expect(text).not.toContain('a^2');
  });

  it('draws a reusable content in place; a cycle and a missing one as a note', async () => {
    const reusable = new Map([
      ['rc-safety', 'Safety first.\n\n{% include "/reusable-contents/rc-loop" %}'],
      ['rc-loop', 'Looped once.\n\n{% include "/reusable-contents/rc-safety" %}'],
    ]);
    const document = {
      ...markdownDocument('Reusable', [
        {
          id: 'p',
          title: 'Page',
          depth: 0,
          markdown:
            'Before.\n\n{% include "/reusable-contents/rc-safety" %}\n\n{% include "/reusable-contents/rc-gone" %}\n\nAfter.',
        },
      ]),
      reusableOf: async (id: string) => {
        const markdown = reusable.get(id);
        return markdown === undefined ? null : includedDocument(markdown);
      },
    };
    const text = (await readPdf(await rendered(document))).text.replace(/\s+/g, ' ');
    const inOrder = [
      'Before.',
      'Safety first.',
      'Looped once.',
      '[a reusable content that includes itself]',
      '[reusable content not found]',
      'After.',
    ];
    let from = 0;
    for (const expected of inOrder) {
      const at = text.indexOf(expected, from);
      expect(at, expected).toBeGreaterThanOrEqual(0);
      from = at + expected.length;
    }
    expect(text.split('Safety first.').length - 1).toBe(1);
  });

  it('draws at most 200 inclusions in a page, however the includes fan out', async () => {
    // Each level includes the next four times: 4^8 = 65,536 copies of the last one, from a
    // few hundred bytes (the content reads stop at 200 inclusions: `resolved-document.ts`).
    const reusable = new Map<string, string>();
    for (let level = 0; level < 7; level++)
      reusable.set(`rc-${level}`, `{% include "/reusable-contents/rc-${level + 1}" %}\n\n`.repeat(4));
    reusable.set('rc-7', 'Leaf.');
    const asked: string[] = [];
    const document = {
      ...markdownDocument('Fan-out', [
        {
          id: 'p',
          title: 'Page',
          depth: 0,
          markdown: '{% include "/reusable-contents/rc-0" %}\n\n'.repeat(4),
        },
      ]),
      reusableOf: async (id: string) => {
        asked.push(id);
        const markdown = reusable.get(id);
        return markdown === undefined ? null : includedDocument(markdown);
      },
    };
    const text = (await readPdf(await rendered(document))).text.replace(/\s+/g, ' ');
    expect(asked.length).toBeLessThanOrEqual(200);
    expect(text.split('Leaf.').length - 1).toBeLessThanOrEqual(200);
    expect(text).toContain('[more than 200 inclusions]');
  }, 20_000);

  it("draws blocks nested to the dialect's limit without running off the page", async () => {
    const nested =
      '{% tabs %}\n\n{% tab title="t" %}\n\n'.repeat(6) +
      'deepest text' +
      '\n\n{% endtab %}\n\n{% endtabs %}'.repeat(6);
    const pdf = await readPdf(
      await rendered(markdownDocument('Deep', [{ id: 'p', title: 'Deep', depth: 0, markdown: nested }])),
    );
    expect(pdf.text).toContain('deepest text');
  });

  it('takes the document trees the content API answers', () => {
    // The renderer's body type is structural: a JSONDocument of @quire/documents fits it as is.
    const body: PdfBody = markdownToDocument('# Title\n\nText.');
    expect(body.nodes).toHaveLength(2);
  });
});
