import { describe, expect, it } from 'vitest';
import {
  jsonDocumentSchema,
  MarkdownTooComplexError,
  markdownLimits,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

// Each of these took micromark seconds to minutes, or overflowed the printer's stack, before
// the limits: they must now be refused at once, by normalizing and by reading alike.
describe('markdown limits', () => {
  it.each([
    [
      '4,000 nested quotes on one line',
      '> '.repeat(4000) + 'x\n',
      'markdown line 1 opens more than 32 quotes or lists',
    ],
    [
      '5,000 nested bullets on one line',
      '- '.repeat(5000) + 'x\n',
      'markdown line 1 opens more than 32 quotes or lists',
    ],
    [
      'a run of 20,000 asterisks',
      '*'.repeat(20_000) + 'x' + '*'.repeat(20_000),
      'markdown line 1 repeats one of * _ ~ [ ] more than 128 times in a row',
    ],
    [
      '20,000 open brackets',
      '['.repeat(20_000) + 'x',
      'markdown line 1 repeats one of * _ ~ [ ] more than 128 times in a row',
    ],
    [
      'a list nested by indentation',
      Array.from({ length: 60 }, (_, level) => ' '.repeat(level * 2) + '- x').join('\n'),
      /^markdown nested deeper than 48 levels \(line \d+\)$/,
    ],
    [
      'an indentation of 300 columns',
      ' '.repeat(300) + 'x\n',
      'markdown line 1 is indented more than 256 columns',
    ],
    [
      'a body too long',
      'a'.repeat(markdownLimits.maxLength + 1),
      `markdown longer than ${markdownLimits.maxLength} characters`,
    ],
  ])('refuses %s', (_name, markdown, message) => {
    expect(() => normalizeMarkdown(markdown)).toThrow(MarkdownTooComplexError);
    expect(() => markdownToDocument(markdown)).toThrow(message);
  });

  it('accepts nesting within the limits, and the tree read is within the write schema', () => {
    const markdown =
      Array.from({ length: 20 }, (_, level) => ' '.repeat(level * 2) + '- x').join('\n') + '\n';
    expect(normalizeMarkdown(markdown)).toBe(markdown);
    const deepest = '> '.repeat(markdownLimits.maxLineMarkers) + 'x\n';
    for (const body of [markdown, deepest]) {
      expect(jsonDocumentSchema.safeParse(markdownToDocument(body)).error?.issues).toBeUndefined();
    }
  });
});
