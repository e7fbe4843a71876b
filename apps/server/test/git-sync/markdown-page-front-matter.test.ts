/**
 * `readMarkdownPage` splits the front matter by giving `splitFrontMatter` only the block
 * (parsing whole pages twice was most of a large import's time): it must read exactly what
 * splitting the whole page reads.
 */
import { FrontMatterError, splitFrontMatter } from '@quire/documents';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMarkdownPage } from '../../src/imports/markdown-page';

/** The split as it was: the whole page given to `splitFrontMatter`. */
function wholePageSplit(text: string) {
  try {
    const { data, body } = splitFrontMatter(text);
    return { data, body };
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    return { data: {}, body: text };
  }
}

/** The same front matter, and the same body once the title heading is taken out. */
function expectSameSplit(text: string) {
  const { data, body } = wholePageSplit(text);
  const read = readMarkdownPage(text, 'Fallback');
  expect(read.frontMatter).toEqual(data);
  expect(read.body).toBe(body.replace(/^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/, ''));
}

const pieces = [
  '---',
  '--- ',
  '---\t',
  'description: x',
  'hidden: true',
  'title: "A: b"',
  '- a list',
  'not: [yaml',
  '',
  '# Title',
  'text',
  '***',
  '```',
  '    ---',
  ' ---',
  '----',
  '--- a',
  '...',
];

describe('front matter split from the block only', () => {
  it.each([
    ['none', '# Title\n\ntext\n'],
    ['empty', '---\n---\n# Title\n'],
    ['with a body', '---\ndescription: x\n---\n\n# Title\n\ntext\n'],
    ['CRLF', '---\r\ndescription: x\r\n---\r\n\r\n# Title\r\n'],
    ['never closed', '---\ndescription: x\n# Title\n'],
    ['a thematic break later', '# Title\n\n---\n\ntext\n---\n'],
    ['not YAML', '---\nnot: [yaml\n---\n# Title\n'],
    ['a list', '---\n- a\n---\n# Title\n'],
    ['only the block', '---\nhidden: true\n---'],
  ])('%s', (_, text) => {
    expectSameSplit(text);
  });

  it('reads what splitting the whole page reads, for generated pages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        (lines, eol) => {
          expectSameSplit(lines.join(eol));
        },
      ),
      { numRuns: 300 },
    );
  });
});
