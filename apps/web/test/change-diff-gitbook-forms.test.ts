/**
 * A change request's diff sees a change to each of GitBook's forms (issue 27, item 4): the
 * rendered diff (blocks matched by content) shows the block removed and added when only an
 * alignment, an inline image, an action button, a highlighted line, an emoji, an annotation's
 * note or a figure's caption changed; the line diff says in words which block an HTML line is.
 * Our own fixtures.
 */
import { markdownToDocument } from '@quire/documents/to-document';
import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../src/change-requests/block-diff';
import { blockLineLabel } from '../src/change-requests/block-line-label';
import type { DocDocument } from '../src/content/blocks/document-shape';

const blocksOf = (markdown: string) => (markdownToDocument(markdown) as unknown as DocDocument).nodes;

const changes: Array<[string, string, string]> = [
  ['an aligned heading', '<h2 align="center">Setup</h2>', '<h2 align="right">Setup</h2>'],
  ['an aligned paragraph', '<p align="center">Hello</p>', '<p align="right">Hello</p>'],
  [
    'an inline image in HTML',
    'An icon <img src="https://example.com/a.png" alt="a" data-size="line"> here.',
    'An icon <img src="https://example.com/b.png" alt="a" data-size="line"> here.',
  ],
  [
    'an action button',
    'Then <button type="button" class="button primary" data-action="ask">Ask</button>.',
    'Then <button type="button" class="button primary" data-action="search">Ask</button>.',
  ],
  [
    'a highlighted code line',
    '<pre class="language-js"><code class="lang-js"><strong>a();\n</strong>b();\n</code></pre>',
    '<pre class="language-js"><code class="lang-js">a();\n<strong>b();\n</strong></code></pre>',
  ],
  ['an emoji', 'Party :tada: now.', 'Party :rocket: now.'],
  ['an annotation', 'A word[^1] here.\n\n[^1]: First note.', 'A word[^1] here.\n\n[^1]: Second note.'],
  [
    "a figure's caption",
    '<figure><img src="https://example.com/f.png" alt="F"><figcaption><p>One</p></figcaption></figure>',
    '<figure><img src="https://example.com/f.png" alt="F"><figcaption><p>Two</p></figcaption></figure>',
  ],
  [
    'a drawing',
    '<img src="/files/d1" alt="" class="gitbook-drawing">',
    '<img src="/files/d2" alt="" class="gitbook-drawing">',
  ],
];

describe('the rendered diff of a change to each of GitBook forms', () => {
  it.each(changes)('shows %s changed as the block removed and added', (_, before, after) => {
    const common = 'Unchanged first.\n\n';
    const kinds = diffBlocks(blocksOf(common + before), blocksOf(common + after)).map(
      (change) => change.kind,
    );
    expect(kinds[0]).toBe('unchanged');
    expect(kinds).toContain('removed');
    expect(kinds).toContain('added');
    // The same page on both sides: nothing changed.
    expect(
      diffBlocks(blocksOf(common + before), blocksOf(common + before)).every((c) => c.kind === 'unchanged'),
    ).toBe(true);
  });
});

describe("the line diff's words for GitBook's HTML lines", () => {
  it.each([
    ['<h2 align="center">Setup</h2>', 'Heading 2, centered'],
    ['<p align="right">Hello</p>', 'Paragraph, right'],
    ['<pre class="language-js"><code class="lang-js"><strong>a();', 'Code with highlighted lines'],
    ['<img src="/files/d1" alt="" class="gitbook-drawing">', 'Drawing'],
    [
      '<picture><source srcset="/files/dark" media="(prefers-color-scheme: dark)"><img src="/files/a">',
      'Image',
    ],
    ['<table data-full-width="true"><thead>', 'Table'],
    ['<table data-view="cards"><thead>', 'Cards'],
    ['[^1]: The note.', 'Annotation'],
  ])('%s reads as “%s”', (line, label) => {
    expect(blockLineLabel(line)).toBe(label);
  });

  it('gives prose lines no label', () => {
    for (const line of ['Plain words.', 'See [^1] there.', '<span>inline</span> text'])
      expect(blockLineLabel(line)).toBeUndefined();
  });
});
