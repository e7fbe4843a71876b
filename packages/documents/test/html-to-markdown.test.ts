import { describe, expect, it } from 'vitest';
import {
  documentToMarkdown,
  htmlToMarkdown,
  MarkdownTooComplexError,
  markdownToDocument,
  normalizeMarkdown,
} from '../src/index';

describe('htmlToMarkdown', () => {
  it.each([
    ['headings', '<h1>One</h1><h2>Two</h2><h6>Six</h6>', '# One\n\n## Two\n\n###### Six\n'],
    [
      'marks',
      '<p><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <code>c</code> <del>d</del> <s>s</s></p>',
      '**b** **s** _i_ _e_ `c` ~~d~~ ~~s~~\n',
    ],
    [
      'links and images',
      '<p><a href="/x" title="t">x</a> <img src="a.png" alt="A"></p>',
      '[x](/x "t") ![A](a.png)\n',
    ],
    [
      'nested and ordered lists, tight',
      '<ul><li><p>one</p><ul><li>nested</li></ul></li><li>two</li></ul><ol start="3"><li>c</li><li>d</li></ol>',
      '- one\n  - nested\n- two\n\n3. c\n4. d\n',
    ],
    [
      'a code block with the language of its class',
      '<pre><code class="hljs language-python">print(1)\n</code></pre>',
      '```python\nprint(1)\n```\n',
    ],
    ['a code block without language', '<pre>plain\ntext</pre>', '```\nplain\ntext\n```\n'],
    [
      'a table, GFM, cells not padded',
      '<table><tr><th>Name</th><th>Value</th></tr><tr><td>alpha</td><td>1</td></tr></table>',
      '| Name | Value |\n| - | - |\n| alpha | 1 |\n',
    ],
    ['a blockquote', '<blockquote><p>quoted</p></blockquote>', '> quoted\n'],
    ['scripts and styles give nothing', '<p>a</p><script>alert(1)</script><style>p{}</style>', 'a\n'],
    ['soft breaks are spaces', '<p>one\ntwo</p>', 'one two\n'],
    [
      'markdown characters in text are escaped',
      '<p>*not emphasis* and [not a link]</p>',
      '\\*not emphasis\\* and \\[not a link]\n',
    ],
  ])('%s', (_, html, markdown) => {
    expect(htmlToMarkdown(html)).toBe(markdown);
  });

  it('prints the canonical text (normalizing it again changes nothing)', () => {
    const markdown = htmlToMarkdown(
      '<h2>T</h2><ul><li>a<ol><li>b</li></ol></li></ul><hr><table><tr><th>x</th></tr><tr><td>y</td></tr></table>',
    );
    expect(normalizeMarkdown(markdown)).toBe(markdown);
  });
});

describe("htmlToMarkdown: GitBook's blocks where the HTML says so", () => {
  it.each([
    [
      'an aside is an info hint',
      '<aside><p>Careful now</p></aside>',
      '{% hint style="info" %}\n\nCareful now\n\n{% endhint %}\n',
    ],
    [
      "an admonition's kind is its style, a title naming only the kind dropped",
      '<div class="admonition warning"><p class="admonition-title">Warning</p><p>Hot <b>stuff</b></p></div>',
      '{% hint style="warning" %}\n\nHot **stuff**\n\n{% endhint %}\n',
    ],
    [
      "GitHub's alerts",
      '<div class="markdown-alert markdown-alert-caution"><p class="markdown-alert-title">Caution</p><p>Mind</p></div>',
      '{% hint style="warning" %}\n\nMind\n\n{% endhint %}\n',
    ],
    [
      "Docusaurus' admonitions",
      '<div class="theme-admonition theme-admonition-danger alert alert--danger"><div class="admonition-heading">danger</div><div><p>Stop</p></div></div>',
      '{% hint style="danger" %}\n\nStop\n\n{% endhint %}\n',
    ],
    [
      'a tip is a success hint',
      '<div class="admonition tip"><p>Try it</p></div>',
      '{% hint style="success" %}\n\nTry it\n\n{% endhint %}\n',
    ],
    [
      'a title of its own is kept, bold',
      '<div class="admonition note"><p class="admonition-title">Before you start</p><p>Read</p></div>',
      '{% hint style="info" %}\n\n**Before you start**\n\nRead\n\n{% endhint %}\n',
    ],
    [
      'a hint inside a hint is its content (GitBook hints do not nest)',
      '<aside class="warning"><p>Outer</p><aside class="danger"><p>inner</p></aside></aside>',
      '{% hint style="warning" %}\n\nOuter\n\ninner\n\n{% endhint %}\n',
    ],
    ['a div without a callout class is its content', '<div class="foo"><p>plain</p></div>', 'plain\n'],
    [
      "a figure with a caption is GitBook's figure",
      '<figure><img src="a.png" alt="A" width="300"><figcaption><p>The <i>caption</i></p></figcaption></figure>',
      '<figure><img src="a.png" alt="A" width="300"><figcaption><p>The <em>caption</em></p></figcaption></figure>\n',
    ],
    [
      'a figure through a picture element, its dark variant kept',
      '<figure><picture><source srcset="b-dark.png" media="(prefers-color-scheme: dark)"><img src="b.png" alt="B"></picture><figcaption>Seen</figcaption></figure>',
      '<figure><picture><source srcset="b-dark.png" media="(prefers-color-scheme: dark)"><img src="b.png" alt="B"></picture><figcaption><p>Seen</p></figcaption></figure>\n',
    ],
    [
      'a figure of an image whose URL is a script is no figure',
      '<figure><img src="javascript:alert(1)" alt="X"><figcaption>c</figcaption></figure>',
      '![X](javascript:alert\\(1\\))\n\nc\n',
    ],
    [
      'details are an expandable, open kept',
      '<details open><summary>More <b>info</b></summary><p>Hidden text</p></details>',
      '<details open>\n\n<summary>More <strong>info</strong></summary>\n\nHidden text\n\n</details>\n',
    ],
    [
      'details inside details are a bold summary and content',
      '<details><summary>Outer</summary><details><summary>Inner</summary><p>deep</p></details></details>',
      '<details>\n\n<summary>Outer</summary>\n\n**Inner**\n\ndeep\n\n</details>\n',
    ],
    [
      'a figure of two images keeps its caption as a paragraph',
      '<figure><img src="a.png" alt="A"><img src="b.png" alt="B"><figcaption>Both</figcaption></figure>',
      '![A](a.png)![B](b.png)\n\nBoth\n',
    ],
  ])('%s', (_, html, markdown) => {
    expect(htmlToMarkdown(html)).toBe(markdown);
    expect(normalizeMarkdown(markdown)).toBe(markdown);
  });

  it('ARIA tabs are GitBook tabs titled by their tabs, nested ones their content', () => {
    const html =
      '<div><div role="tablist"><button role="tab">npm</button><button role="tab">pnpm <b>8</b></button></div>' +
      '<div role="tabpanel"><pre><code>npm i x</code></pre></div>' +
      '<div role="tabpanel" hidden><p>Run pnpm.</p>' +
      '<section><ul role="tablist"><li role="tab">Inner</li></ul><div><div role="tabpanel"><p>deep</p></div></div></section>' +
      '</div></div>';
    const markdown = htmlToMarkdown(html);
    expect(markdown).toBe(
      [
        '{% tabs %}',
        '',
        '{% tab title="npm" %}',
        '',
        '```',
        'npm i x',
        '```',
        '',
        '{% endtab %}',
        '',
        '{% tab title="pnpm 8" %}',
        '',
        'Run pnpm.',
        '',
        '**Inner**',
        '',
        'deep',
        '',
        '{% endtab %}',
        '',
        '{% endtabs %}',
        '',
      ].join('\n'),
    );
    expect(normalizeMarkdown(markdown)).toBe(markdown);
    expect(markdownToDocument(markdown).nodes[0]?.type).toBe('tabs');
  });

  it('a tab list without as many panels is its content', () => {
    expect(
      htmlToMarkdown(
        '<div><div role="tablist"><span role="tab">a</span><span role="tab">b</span></div><div role="tabpanel"><p>only</p></div></div>',
      ),
    ).toBe('ab\n\nonly\n');
  });

  it('never writes a script, from a callout, a caption or a summary', () => {
    const markdown = htmlToMarkdown(
      '<aside><script>alert(1)</script><p>a<img src=x onerror=alert(2)></p></aside>' +
        '<figure><img src="a.png" alt="A"><figcaption>c<script>alert(3)</script> <b onclick="alert(4)">d</b></figcaption></figure>' +
        '<details><summary>s<script>alert(5)</script></summary><iframe src="javascript:alert(6)"></iframe><p>t</p></details>',
    );
    expect(markdown).not.toMatch(/alert|script|onerror|onclick|<iframe/i);
    expect(markdown).toContain('<figcaption><p>c <strong>d</strong></p></figcaption>');
    expect(markdown).toContain('<summary>s</summary>');
  });

  it('asides nested 1,000 deep are one hint, read in time', () => {
    const html = '<aside>'.repeat(1000) + '<p>deep</p>' + '</aside>'.repeat(1000);
    const started = performance.now();
    expect(htmlToMarkdown(html)).toBe('{% hint style="info" %}\n\ndeep\n\n{% endhint %}\n');
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('elements nested past the depth limit are flattened, their text kept', () => {
    const html =
      '<div><blockquote>'.repeat(300) +
      '<p>deep <b>text</b></p><img src="x.png" alt="X">' +
      '</blockquote></div>'.repeat(300);
    const markdown = htmlToMarkdown(html);
    expect(markdown).toContain('deep');
    expect(markdown).toContain('text');
    expect(markdown).toContain('![X](x.png)');
    expect(normalizeMarkdown(markdown)).toBe(markdown);
  });

  it('HTML too deep to parse is refused as too complex, not a stack overflow', () => {
    const html = '<span>'.repeat(100_000) + 'x';
    expect(() => htmlToMarkdown(html)).toThrow(MarkdownTooComplexError);
  });

  it('a caption of 100,000 characters is kept whole', () => {
    const caption = 'word '.repeat(20_000).trim();
    const markdown = htmlToMarkdown(
      `<figure><img src="a.png" alt=""><figcaption>${caption}</figcaption></figure>`,
    );
    expect(
      markdown === `<figure><img src="a.png" alt=""><figcaption><p>${caption}</p></figcaption></figure>\n`,
    ).toBe(true);
  });
});

describe('htmlToMarkdown writes the stored form of the blocks', () => {
  it('reads back as GitBook document blocks: hint, expandable, image with caption', () => {
    const markdown = htmlToMarkdown(
      '<div class="admonition danger"><p>Stop.</p></div>' +
        '<details><summary>More</summary><p>Body.</p></details>' +
        '<figure><img src="https://e.com/a.png" alt="A"><figcaption>Cap</figcaption></figure>',
    );
    const document = markdownToDocument(markdown);
    expect(document.nodes.map((node) => node.type)).toEqual(['hint', 'expandable', 'images']);
    const [hint, expandable, images] = document.nodes;
    expect(hint).toMatchObject({ data: { style: 'danger' } });
    expect(JSON.stringify(expandable)).toContain('"More"');
    expect(JSON.stringify(expandable)).toContain('"Body."');
    expect(JSON.stringify(images)).toContain('"Cap"');
    expect(markdownToDocument(documentToMarkdown(document))).toEqual(document);
  });
});
