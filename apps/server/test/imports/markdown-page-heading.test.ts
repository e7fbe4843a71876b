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

  it('of 8,000 spaces is read at once', () => {
    // With the pattern: 16 s for 4,000 spaces, 134 s for these 8,000, past this test's time
    // limit (a bound on finishing, not a measure; `bench/` measures).
    const text = `# Install${' '.repeat(8_000)}now\n\nRun it.\n`;
    expect(readMarkdownPage(text, 'Fallback')).toMatchObject({
      title: `Install${' '.repeat(8_000)}now`,
      body: '\nRun it.\n',
    });
  }, 20_000);
});
