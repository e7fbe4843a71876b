/** A body's outline: what `markdownSections` and `linksOf` read, from one parse. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linksOf, markdownOutline, markdownSections } from '../src/index';

const lines = [
  '',
  '# Heading',
  '## Heading',
  'text with *em*, `code` and [a link](https://e.com "t")',
  '- item with [a page](./page.md)',
  '![img](https://e.com/i.png)',
  '[ref]: https://e.com/ref',
  '[x][ref]',
  '<https://auto.example.com>',
  '{% hint style="info" %}',
  '{% endhint %}',
  '```js',
  'code [not a link](x)',
  '```',
  '| a | [b](#heading) |',
  '| - | - |',
];

describe('markdownOutline', () => {
  it('reads the sections and links the separate readers read (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 16 }), (picked) => {
        const markdown = picked.join('\n') + '\n';
        expect(markdownOutline(markdown)).toEqual({
          sections: markdownSections(markdown),
          links: linksOf(markdown),
        });
      }),
      { numRuns: 150 },
    );
  });

  it('gives a heading its anchor and keeps links in document order', () => {
    const outline = markdownOutline(
      'Intro [a](./a.md)\n\n# Set up\n\nSee ![i](/files/f) and [b][r].\n\n[r]: #set-up\n',
    );
    expect(outline.sections.map((section) => section.heading?.anchor ?? null)).toEqual([null, 'set-up']);
    expect(outline.links).toEqual([
      { kind: 'link', url: './a.md' },
      { kind: 'image', url: '/files/f' },
      { kind: 'reference', url: '#set-up' },
    ]);
  });
});
