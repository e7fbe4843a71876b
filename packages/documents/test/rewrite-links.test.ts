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
