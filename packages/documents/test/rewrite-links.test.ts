import { describe, expect, it } from 'vitest';
import { normalizeMarkdown, rewriteLinks } from '../src/index';
import { maySpell } from '../src/rewrite-links';

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

describe("rewriteLinks: GitBook's blocks", () => {
  it('rewrites the URLs of content-refs, files, drawings, embeds and OpenAPI blocks, never other attributes', () => {
    const markdown = [
      '{% tabs %}',
      '{% tab title="ref:title" %}',
      '{% content-ref url="ref:guide" %}\n[ref:guide](ref:guide)\n{% endcontent-ref %}',
      '{% endtab %}',
      '{% endtabs %}',
      '{% file src="ref:manual" %}\nThe manual\n{% endfile %}',
      '{% embed url="ref:video" %}',
      '{% code title="ref:code" %}\n```js\nref:x\n```\n{% endcode %}',
      '{% include "ref:include" %}',
    ].join('\n\n');
    const out = rewriteLinks(markdown, toIds);
    expect(out).toContain('{% content-ref url="/pages/GUIDE" %}');
    expect(out).toContain('[ref:guide](/pages/GUIDE)');
    expect(out).toContain('{% file src="/pages/MANUAL" %}');
    expect(out).toContain('{% embed url="/pages/VIDEO" %}');
    expect(out).toContain('{% tab title="ref:title" %}');
    expect(out).toContain('{% code title="ref:code" %}');
    expect(out).toContain('{% include "ref:include" %}');
  });

  it('rewrites figures, buttons and the links of summaries and cards', () => {
    const markdown = [
      '<details>\n\n<summary>See <a href="ref:summary">this</a></summary>\n\nBody.\n\n</details>',
      '<figure><img src="ref:figure" alt="A"><figcaption><p>Caption</p></figcaption></figure>',
      'Go <a href="ref:button" class="button primary">Start</a>.',
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody><tr><td>Card</td><td><a href="ref:card">card</a></td></tr></tbody></table>',
    ].join('\n\n');
    const out = rewriteLinks(markdown, toIds);
    for (const id of ['SUMMARY', 'FIGURE', 'BUTTON', 'CARD']) expect(out).toContain(`/pages/${id}`);
    expect(out).not.toContain('ref:');
  });
});

describe("rewriteLinks: GitBook's HTML images and buttons", () => {
  it('rewrites drawings, inline images written in HTML (sized, dark variants) and link buttons with a size', () => {
    const markdown = [
      '<img src="ref:drawing" alt="Drawn" class="gitbook-drawing">',
      'An icon <img src="ref:sized" alt="i" data-size="line"> and <picture><source srcset="ref:dark" media="(prefers-color-scheme: dark)"><img src="ref:light" alt="p"></picture>.',
      'Go <a href="ref:sizedbutton" class="button primary" data-size="small">now</a> or <button type="button" class="button secondary" data-action="ask" data-query="ref:kept">ask</button>.',
    ].join('\n\n');
    const out = rewriteLinks(markdown, toIds);
    for (const id of ['DRAWING', 'SIZED', 'DARK', 'LIGHT', 'SIZEDBUTTON'])
      expect(out).toContain(`/pages/${id}`);
    const grid = rewriteLinks(
      '<table data-full-width="true"><thead><tr><th width="90">See <a href="ref:header">this</a></th></tr></thead><tbody><tr><td><p>A</p><ul><li>b</li></ul></td></tr></tbody></table>',
      toIds,
    );
    expect(grid).toContain('/pages/HEADER');
    // An action's query is text, not a target.
    expect(out).toContain('data-query="ref:kept"');
    expect(out).toContain('alt="Drawn" class="gitbook-drawing"');
  });
});

describe('rewriteLinks on canonical text (an import’s stored pages)', () => {
  const imported = (url: string) =>
    url.startsWith('quire-import:page/') ? `/pages/${url.slice('quire-import:page/'.length)}` : undefined;
  const options = { canonical: true, onlyUnder: 'quire-import:' };
  const texts = [
    'Just *text*, a [link](https://example.com) and ![an image](/files/a.png).',
    'See [the guide](quire-import:page/guide#setup) and [home](quire-import:page/home).',
    '[def]: quire-import:page/defined\n\nA [reference][def].',
    '{% content-ref url="quire-import:page/next" %}\n[Next](quire-import:page/next)\n{% endcontent-ref %}',
    '<figure><img src="quire-import:page/fig" alt="a"><figcaption><p>c</p></figcaption></figure>',
    '`quire-import:page/code` in code and quire-import:page/text in text.',
    'Escaped [a](quire\\-import\\:page/escaped) and by reference [b](quire&#45;import&#58;page/ref).',
    '<a href="&#113;uire-import:page/button" class="button primary">Go</a>',
  ];

  it.each(texts)('gives what it gives without the options: %#', (text) => {
    const canonical = normalizeMarkdown(text);
    expect(rewriteLinks(canonical, imported, options)).toBe(rewriteLinks(canonical, imported));
    expect(rewriteLinks(canonical, imported, { canonical: true })).toBe(rewriteLinks(canonical, imported));
  });

  it('answers the canonical text itself when no target changes', () => {
    const canonical = normalizeMarkdown(texts[0] as string);
    expect(rewriteLinks(canonical, imported, { canonical: true })).toBe(canonical);
    // Not said to be canonical: printed, whatever the text.
    expect(rewriteLinks('Just *text*.', imported)).toBe('Just _text_.\n');
  });

  it('skips the parse only where the prefix cannot be spelled', () => {
    // A text the parser refuses would throw if parsed: it is not.
    const unparsable = `${'_'.repeat(200)}a`;
    expect(rewriteLinks(unparsable, imported, options)).toBe(unparsable);
    expect(() => rewriteLinks(`${unparsable} quire-import:`, imported, options)).toThrow();
  });
});

describe('maySpell', () => {
  it.each([
    ['a quire-import:page/x link', true],
    ['quire\\-import\\:page/x', true],
    ['quire&#45;import&colon;page', true],
    ['&#x71;uire-import&#58page', true],
    ['&#113uire&#x2D;import:', true],
    ['quire import: or quire-import; or Quire-Import:', false],
    ['no link here & none \\ there', false],
    ['', false],
  ])('%s: %s', (text, expected) => {
    expect(maySpell(text, 'quire-import:')).toBe(expected);
  });

  it('scans ampersands and backslashes in linear time', () => {
    const text = `${'&uuuuuuuuuuuuuuuu\\q'.repeat(50_000)}`;
    const started = performance.now();
    expect(maySpell(text, 'quire-import:')).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
