/**
 * A markdown page's title heading (`pageHeading`): what the pattern it replaces matched, in
 * one pass. The pattern split the blanks and `#`s after the title among three runs, trying
 * each length of the title: an 8 KB heading line took 134 s of an import's thread.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMarkdownPage } from '../../src/imports/markdown-page';
import { pageHeading } from '../../src/imports/page-heading';

/** The pattern as it was: the oracle. */
const FIRST_HEADING = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(?:\r?\n|$)/;

describe("a markdown page's title heading", () => {
  it('is what the pattern matched', () => {
    const text = fc
      .array(fc.constantFrom('#', ' ', '\t', '\n', '\r', 'a', 'b', '\u2028'), { maxLength: 12 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.constantFrom('', '# ', '#\t', ' \n# '), text, (opening, rest) => {
        const body = opening + rest;
        const match = FIRST_HEADING.exec(body);
        expect(pageHeading(body)).toEqual(match ? { title: match[1], length: match[0].length } : undefined);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['# Install ##  \r\nRun it.\n', 'Install', 'Run it.\n'],
    ['#\tInstall # guide\n', 'Install # guide', ''],
    ['# ###\n\nText\n', '#', '\nText\n'],
  ])('of %j', (text, title, body) => {
    expect(readMarkdownPage(text, 'Fallback')).toMatchObject({ title, body });
  });

  it('of 4,000 spaces is read in milliseconds', () => {
    // 16 s with the pattern (twice as many spaces: eight times as long).
    const text = `# Install${' '.repeat(4_000)}now\n\nRun it.\n`;
    const started = performance.now();
    expect(readMarkdownPage(text, 'Fallback')).toMatchObject({
      title: `Install${' '.repeat(4_000)}now`,
      body: '\nRun it.\n',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
