/**
 * Which addresses the reader renders as links and sources: http(s), mail and the site's own
 * paths; never a script's or data's scheme, however written (case, control characters, spaces,
 * entities a browser strips), nor credentials in a URL.
 */
import { describe, expect, it } from 'vitest';
import { safeHref, safeImageSrc } from '../src/safe-url';

describe('safe addresses', () => {
  it('keeps http(s), mail and the site own paths and fragments', () => {
    for (const address of [
      'https://example.com/a?b#c',
      'http://x.test',
      'mailto:a@b.test',
      '/docs/page',
      '#setup',
      '?q=x',
    ])
      expect(safeHref(address), address).toBe(address);
    expect(safeImageSrc('https://example.com/a.svg')).toBe('https://example.com/a.svg');
  });

  it('refuses scripts, data, other schemes and credentials, however written', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      '//evil.test/x',
      'https://user:pass@example.com/',
      '\\\\evil.test\\x',
      '',
    ])
      expect(safeHref(address), JSON.stringify(address)).toBeUndefined();
    expect(safeImageSrc('mailto:a@b.test')).toBeUndefined();
    expect(safeImageSrc('data:image/svg+xml;base64,PHN2Zz4=')).toBeUndefined();
  });
});
