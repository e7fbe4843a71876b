/**
 * `readUntrustedMarkdown`: what the markdown threads run (issue 25, item 1). The stored form
 * is `normalizeMarkdown`'s; the parser's limits and a front matter that is not a mapping are
 * refusals with a reason, never exceptions.
 */
import { describe, expect, it } from 'vitest';
import { normalizeMarkdown } from '../src/markdown-processor';
import { rewriteLinks, rewriteOfTargets } from '../src/rewrite-links';
import { markdownToDocument } from '../src/to-document';
import { precheckUntrustedMarkdown, readUntrustedMarkdown, storedFormOf } from '../src/untrusted-markdown';

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

// One text of each of GitBook's constructs and of plain markdown's, written for this test.
const CONSTRUCTS = [
  'Some **bold**, _italic_, ~~struck~~, `code`, a [link](https://example.com "t") and :tada:.',
  'A [reference][def] and ![an image][img].\n\n[def]: https://example.com/a\n[img]: /files/x.png',
  '## Setup <a href="#setup" id="setup"></a>\n\n### Deeper',
  '* one\n* two\n  * nested\n\n1. first\n2. second\n\n- [ ] to do\n- [x] done',
  '> Quoted, with a [link](../a.md).\n\n***',
  '{% hint style="warning" %}\nCareful *here*.\n{% endhint %}',
  '{% tabs %}\n{% tab title="npm" %}\n```sh\nnpm i\n```\n{% endtab %}\n{% tab title="pnpm" %}\nText\n{% endtab %}\n{% endtabs %}',
  '{% stepper %}\n{% step %}\n## First\n\nDo it.\n{% endstep %}\n{% endstepper %}',
  '<details>\n\n<summary>More</summary>\n\nHidden **text**.\n\n</details>',
  '<figure><img src="../.gitbook/assets/a.png" alt="An image"><figcaption><p>The caption</p></figcaption></figure>',
  '{% code title="index.js" lineNumbers="true" %}\n```js\nconst a = 1;\n```\n{% endcode %}',
  '{% content-ref url="other.md" %}\n[other.md](other.md)\n{% endcontent-ref %}',
  '{% embed url="https://www.youtube.com/watch?v=abc" %}',
  '{% file src="../.gitbook/assets/manual.pdf" %}\nThe manual\n{% endfile %}',
  '$$\nE = mc^2\n$$',
  '<a href="https://example.com" class="button primary">Open</a> and <mark style="color:red;">red</mark>',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '<table data-view="cards"><thead><tr><th></th></tr></thead><tbody><tr><td><strong>Card</strong></td></tr></tbody></table>',
  '{% columns %}\n{% column %}\nLeft\n{% endcolumn %}\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}',
  '{% include "../.gitbook/includes/note.md" %}',
  '<div>unknown <b>html</b></div>\n\n{% unknown %}kept{% endunknown %}',
];

describe('storedFormOf: the stored text read once more, from one parse when it is already stored', () => {
  it.each(CONSTRUCTS)('gives normalizeMarkdown and the document markdownToDocument reads: %#', (text) => {
    const stored = normalizeMarkdown(text);
    // A text not yet in the stored form, and the stored form itself (read from its one parse).
    for (const input of [text, stored]) {
      const reading = storedFormOf(input);
      expect(reading.markdown).toBe(stored);
      expect(reading.document).toEqual(markdownToDocument(stored));
    }
  });

  it('gives every construct together the same, read from one parse', () => {
    const stored = normalizeMarkdown(CONSTRUCTS.join('\n\n'));
    const { markdown, document } = storedFormOf(stored);
    expect({ markdown, document }).toEqual({ markdown: stored, document: markdownToDocument(stored) });
  });
});

describe('readUntrustedMarkdown with links: the stored form with targets changed, from the tree it was checked with', () => {
  const links = {
    keepingAnchor: new Map([
      ['other.md', '/pages/p1'],
      ['../a.md', '/pages/p2'],
      ['https://example.com', '/pages/p3'],
    ]),
    droppingAnchor: new Map([
      ['../.gitbook/assets/a.png', '/files/f1'],
      ['../.gitbook/assets/manual.pdf', '/files/f2'],
      ['/files/x.png', '/files/f3'],
    ]),
  };
  const rewrite = rewriteOfTargets(links);
  const cases = [
    ...CONSTRUCTS,
    CONSTRUCTS.join('\n\n'),
    // Anchors kept or dropped, an autolink whose printed form changes with its target, a target left as it is.
    '[a](other.md#part) [b](../.gitbook/assets/a.png#x) <https://example.com> [c](elsewhere.md)',
  ];

  it.each(cases)('gives rewriteLinks of the stored form, byte for byte: %#', (text) => {
    const stored = normalizeMarkdown(text);
    for (const input of [text, stored]) {
      const reading = readUntrustedMarkdown(input, { links });
      expect(reading).toEqual({ ok: true, markdown: rewriteLinks(stored, rewrite), frontMatter: {} });
    }
  });

  it('changes the targets it names, keeping or dropping their anchor, and nothing else', () => {
    const reading = readUntrustedMarkdown(
      '[a](other.md#part) and ![i](../.gitbook/assets/a.png#x) [c](c.md)',
      {
        links,
      },
    );
    expect(reading).toEqual({
      ok: true,
      markdown: '[a](/pages/p1#part) and ![i](/files/f1) [c](c.md)\n',
      frontMatter: {},
    });
  });

  it('splits the front matter off first, and refuses what it refused without links', () => {
    expect(readUntrustedMarkdown('---\ntitle: T\n---\n[a](other.md)', { frontMatter: true, links })).toEqual({
      ok: true,
      markdown: '[a](/pages/p1)\n',
      frontMatter: { title: 'T' },
    });
    expect(readUntrustedMarkdown(`${'> '.repeat(33)}a`, { links })).toEqual(
      readUntrustedMarkdown(`${'> '.repeat(33)}a`),
    );
  });
});
