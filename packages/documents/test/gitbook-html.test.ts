import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown, parseMarkdown } from '../src/markdown-processor';

const firstOf = (markdown: string) => (parseMarkdown(markdown) as Root).children[0];

function expectStable(markdown: string): string {
  const once = normalizeMarkdown(markdown);
  expect(normalizeMarkdown(once)).toBe(once);
  return once;
}

describe('GitBook HTML', () => {
  it('reads <details> with its summary around markdown, also inside a list item', () => {
    const markdown =
      '<details>\n\n<summary>Title &amp; <strong>more</strong></summary>\n\nBody *x*\n\n</details>';
    expect(firstOf(markdown)).toMatchObject({
      type: 'gitbookDetails',
      open: false,
      summary: [{ type: 'text', value: 'Title & ' }, { type: 'strong' }],
      children: [{ type: 'paragraph' }],
    });
    expect(expectStable(markdown)).toBe(
      '<details>\n\n<summary>Title &#x26; <strong>more</strong></summary>\n\nBody _x_\n\n</details>\n',
    );
    const inList = parseMarkdown(
      '- item\n\n  <details open>\n  <summary>S</summary>\n\n  in list\n\n  </details>',
    );
    expect(JSON.stringify(inList)).toContain('"gitbookDetails"');
  });

  it('keeps an unclosed <details> as the HTML it was', () => {
    expect(firstOf('<details>\n\n<summary>S</summary>\n\nbody')).toMatchObject({
      type: 'html',
      value: '<details>',
    });
  });

  it('reads figures with caption, size and dark variant', () => {
    const figure =
      '<figure><img src="../.gitbook/assets/a b.png" alt="An &quot;alt&quot;" width="300"><figcaption><p>Cap <strong>b</strong></p></figcaption></figure>';
    expect(firstOf(figure)).toMatchObject({
      type: 'gitbookFigure',
      url: '../.gitbook/assets/a b.png',
      alt: 'An "alt"',
      width: '300',
      caption: [{ type: 'text', value: 'Cap ' }, { type: 'strong' }],
    });
    const dark =
      '<figure><picture><source srcset="d.png" media="(prefers-color-scheme: dark)"><img src="l.png" alt=""></picture><figcaption></figcaption></figure>';
    expect(firstOf(dark)).toMatchObject({
      type: 'gitbookFigure',
      url: 'l.png',
      darkUrl: 'd.png',
      caption: [],
    });
    expect(expectStable(dark)).toBe(dark + '\n');
  });

  it('reads cards tables with their columns and cells', () => {
    const cards =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td><strong>A</strong> &#x26; b</td><td><a href="a.md">a.md</a></td></tr></tbody></table>';
    expect(firstOf(cards)).toMatchObject({
      type: 'gitbookCards',
      attributes: { 'data-view': 'cards' },
      columns: [
        { attributes: {} },
        { attributes: { 'data-hidden': '', 'data-card-target': '', 'data-type': 'content-ref' } },
      ],
      rows: [[[{ type: 'strong' }, { type: 'text', value: ' & b' }], [{ type: 'link', url: 'a.md' }]]],
    });
    expect(expectStable(cards)).toBe(cards + '\n');
  });

  it('reads buttons, colored text and icons inline', () => {
    const markdown =
      'Go <a href="https://x.test" class="button primary">Start</a> and <mark style="color:red;">red **b**</mark> <i class="fa-rocket">:rocket:</i>';
    const paragraph = firstOf(markdown) as { children: Array<{ type: string }> };
    expect(paragraph.children.map((child) => child.type)).toEqual([
      'text',
      'gitbookButton',
      'text',
      'gitbookMark',
      'text',
      'gitbookIcon',
    ]);
    expect(paragraph.children[1]).toMatchObject({ url: 'https://x.test', kind: 'primary', label: 'Start' });
    expect(paragraph.children[3]).toMatchObject({
      color: 'red',
      children: [{ type: 'text' }, { type: 'strong' }],
    });
    expect(expectStable(markdown)).toBe(markdown + '\n');
  });

  it('never makes anything of HTML with scripts or event handlers: it stays html', () => {
    for (const markdown of [
      '<figure><img src="x" onerror="alert(1)"><figcaption></figcaption></figure>',
      '<figure><img src="x" alt=""><figcaption><script>alert(1)</script></figcaption></figure>',
      '<table data-view="cards" onclick="alert(1)"><thead><tr><th></th></tr></thead></table>',
      '<details ontoggle="alert(1)">\n\n<summary>S</summary>\n\nx\n\n</details>',
    ]) {
      expect(firstOf(markdown)?.type).toBe('html');
    }
    const inline = firstOf(
      '<a href="x" class="button primary" onclick="alert(1)">x</a> <mark style="color:red;background:url(x)">y</mark>',
    );
    expect(JSON.stringify(inline)).not.toMatch(/gitbookButton|gitbookMark/);
  });
});
