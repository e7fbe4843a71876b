import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentToMarkdown, markdownToDocument, normalizeMarkdown } from '../src/index';

// Lines of markdown syntax, shuffled into documents: normalizing must reach a fixed point at once.
const lines = [
  '',
  '# Heading',
  '#### Deep heading',
  'Setext',
  '===',
  'text with *em*, __strong__, `code`, ~~del~~ and [a link](https://e.com "t")',
  'a\\',
  '  indented text',
  '    indented code',
  '- item',
  '* other item',
  '  - nested',
  '1. first',
  '2) second',
  '- [ ] task',
  '- [x] done',
  '> quote',
  '> > nested quote',
  '```js',
  '```',
  '~~~',
  '***',
  '- - -',
  '{% hint style="info" %}',
  '{% hint style="danger" %}',
  '{% endhint %}',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '![img](https://e.com/i.png)',
  '<div>html</div>',
  '[ref]: https://e.com',
  '[x][ref]',
  'a[^1]',
  '[^1]: note',
  '---',
  'title: x',
];
const markdownArbitrary = fc
  .array(fc.constantFrom(...lines), { maxLength: 14 })
  .map((picked) => picked.join('\n') + '\n');

describe('normalizeMarkdown', () => {
  it.each([
    ['empty', '', ''],
    ['bullets', '* a\n+ b\n', '- a\n\n* b\n'],
    ['emphasis and strong', '*a* __b__\n', '_a_ **b**\n'],
    ['setext heading', 'T\n=\n', '# T\n'],
    ['rule', '- - -\n', '***\n'],
    ['loose list made tight', '- a\n\n- b\n', '- a\n- b\n'],
    ['table not padded', '| a | long |\n|---|:---|\n| xx | y |\n', '| a | long |\n| - | - |\n| xx | y |\n'],
    ['front matter kept', '---\ntitle: T\n---\n\n# T\n', '---\ntitle: T\n---\n\n# T\n'],
  ])('%s', (_name, markdown, normalized) => {
    expect(normalizeMarkdown(markdown)).toBe(normalized);
  });

  it('is idempotent (property over shuffled markdown syntax)', () => {
    fc.assert(
      fc.property(markdownArbitrary, (markdown) => {
        const once = normalizeMarkdown(markdown);
        expect(normalizeMarkdown(once)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });

  it('reading as a tree never fails and a second trip is stable (property)', () => {
    fc.assert(
      fc.property(markdownArbitrary, (markdown) => {
        const once = markdownToDocument(documentToMarkdown(markdownToDocument(markdown)));
        expect(markdownToDocument(documentToMarkdown(once))).toEqual(once);
      }),
      { numRuns: 100 },
    );
  });
});
