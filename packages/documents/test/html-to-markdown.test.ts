import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, normalizeMarkdown } from '../src/index';

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
