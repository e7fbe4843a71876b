/**
 * `readUntrustedMarkdown`: what the markdown threads run (issue 25, item 1). The stored form
 * is `normalizeMarkdown`'s; the parser's limits and a front matter that is not a mapping are
 * refusals with a reason, never exceptions.
 */
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../src/markdown-processor';
import { precheckUntrustedMarkdown, readUntrustedMarkdown } from '../src/untrusted-markdown';

describe('readUntrustedMarkdown', () => {
  it('answers the stored form, with the front matter split off when asked', () => {
    const text = '---\ntitle: Setup\nhidden: true\n---\n* one\n* two\n\nSome *text*.';
    expect(readUntrustedMarkdown(text, { frontMatter: true })).toEqual({
      ok: true,
      markdown: normalizeMarkdown('* one\n* two\n\nSome *text*.'),
      frontMatter: { title: 'Setup', hidden: true },
    });
    // Not asked: a leading `---` block is the body's own (a front matter node, printed back).
    const kept = readUntrustedMarkdown(text);
    expect(kept).toMatchObject({ ok: true, frontMatter: {} });
    expect(kept.ok && kept.markdown.startsWith('---\ntitle: Setup')).toBe(true);
  });

  it.each([
    [`${'_'.repeat(129)}a`, 'markdown line 1 repeats one of * _ ~ [ ] more than 128 times in a row'],
    [`${'> '.repeat(33)}a`, 'markdown line 1 opens more than 32 quotes or lists'],
    [`${' '.repeat(300)}- a`, 'markdown line 1 is indented more than 256 columns'],
  ])('refuses what the limits refuse, before and without a parse: %#', (text, reason) => {
    expect(precheckUntrustedMarkdown(text)).toEqual({ ok: false, reason });
    expect(readUntrustedMarkdown(text)).toEqual({ ok: false, reason });
  });

  it('refuses a front matter that is not a mapping, and passes a text the limits allow', () => {
    expect(readUntrustedMarkdown('---\n42\n---\nBody', { frontMatter: true })).toEqual({
      ok: false,
      reason: 'front matter must be a YAML mapping (key: value lines), not a number',
    });
    expect(precheckUntrustedMarkdown('*a**'.repeat(100))).toBeUndefined();
  });
});
