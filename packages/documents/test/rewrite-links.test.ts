import { describe, expect, it } from 'vitest';
import { rewriteLinks } from '../src/index';

const toIds = (url: string) => (url.startsWith('ref:') ? `/pages/${url.slice(4).toUpperCase()}` : undefined);

describe('rewriteLinks', () => {
  it('rewrites link, image and definition targets, and nothing else', () => {
    const markdown = [
      'See [the guide](ref:guide) and ![logo](ref:logo).',
      '',
      'The text ref:guide stays text, and `[x](ref:guide)` stays code.',
      '',
      '[def]: ref:defined',
      '',
      'A [kept](https://example.com) link and a [reference][def].',
    ].join('\n');
    const out = rewriteLinks(markdown, toIds);
    expect(out).toContain('[the guide](/pages/GUIDE)');
    expect(out).toContain('![logo](/pages/LOGO)');
    expect(out).toContain('The text ref:guide stays text');
    expect(out).toContain('`[x](ref:guide)`');
    expect(out).toContain('[def]: /pages/DEFINED');
    expect(out).toContain('[kept](https://example.com)');
  });

  it('leaves markdown without matching links as normalizeMarkdown prints it', () => {
    expect(rewriteLinks('Just *text*.', toIds)).toBe('Just _text_.\n');
  });
});
