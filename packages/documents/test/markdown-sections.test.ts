/** The sections search indexes: the text under each heading, no formatting syntax, GitBook's anchors. */
import { describe, expect, it } from 'vitest';
import { markdownSections } from '../src/markdown-sections';

describe('markdownSections', () => {
  it('cuts the text at headings, numbering repeated anchors, keeping the text before the first', () => {
    const sections = markdownSections('Intro.\n\n# Setup\n\nOne.\n\n## Setup\n\nTwo.\n\n# ***\n\nThree.\n');
    expect(sections).toEqual([
      { heading: null, text: 'Intro.' },
      { heading: { title: 'Setup', anchor: 'setup' }, text: 'One.' },
      { heading: { title: 'Setup', anchor: 'setup-1' }, text: 'Two.' },
      { heading: { title: '***', anchor: 'section' }, text: 'Three.' },
    ]);
  });

  it.each([
    ['emphasis and strong', 'A **bold** and _light_ word.', 'A bold and light word.'],
    ['links keep their text, not their target', 'See [the guide](https://example.com/x).', 'See the guide.'],
    ['images keep their alternative text', '![a diagram](x.png)', 'a diagram'],
    ['inline code is text', 'Run `quire serve` now.', 'Run quire serve now.'],
    ['code blocks are text', '```sh\nquire run\n```', 'quire run'],
    ['hints keep their text, not their tags', '{% hint style="info" %}\nCareful.\n{% endhint %}', 'Careful.'],
    ['front matter is no text', '---\ndescription: hidden\n---\n\nShown.', 'Shown.'],
    ['raw HTML is no text', '<div class="x">\n\nShown.', 'Shown.'],
    ['table cells apart, rows on lines', '| a | b |\n| --- | --- |\n| c | d |', 'a b\nc d'],
    ['lists, one item a line', '- one\n- two', 'one\ntwo'],
  ])('%s', (_title, markdown, text) => {
    expect(markdownSections(markdown)[0]?.text).toBe(text);
  });
});

describe("markdownSections: GitBook's blocks", () => {
  const page = [
    'Intro.',
    '# Install',
    'Pick one.',
    '{% tabs %}',
    '{% tab title="npm" %}',
    '```sh\nnpm i quire\n```',
    '{% endtab %}',
    '{% tab title="Install" %}',
    'With **pnpm**.',
    '{% endtab %}',
    '{% endtabs %}',
    'After the tabs.',
    '# Steps',
    '{% stepper %}',
    '{% step %}\n### Create a space\n\nClick **New**.\n{% endstep %}',
    '{% step %}\n**Invite people**\n\nBy email.\n{% endstep %}',
    '{% step %}\nNo title here.\n{% endstep %}',
    '{% endstepper %}',
  ].join('\n\n');

  it('makes tabs and steps sections after the heading they stand under, anchors after the headings', () => {
    expect(markdownSections(page)).toEqual([
      { heading: null, text: 'Intro.' },
      { heading: { title: 'Install', anchor: 'install' }, text: 'Pick one.\nAfter the tabs.' },
      { heading: { title: 'npm', anchor: 'npm' }, text: 'npm i quire' },
      { heading: { title: 'Install', anchor: 'install-1' }, text: 'With pnpm.' },
      { heading: { title: 'Steps', anchor: 'steps' }, text: 'No title here.' },
      { heading: { title: 'Create a space', anchor: 'create-a-space' }, text: 'Click New.' },
      { heading: { title: 'Invite people', anchor: 'invite-people' }, text: 'By email.' },
    ]);
  });

  it("makes an expandable's summary a section, its content the section's text", () => {
    expect(
      markdownSections(
        '# FAQ\n\n<details>\n\n<summary>Why <em>Quire</em>?</summary>\n\nBecause.\n\n</details>\n\nAfter.\n',
      ),
    ).toEqual([
      { heading: null, text: '' },
      { heading: { title: 'FAQ', anchor: 'faq' }, text: 'After.' },
      { heading: { title: 'Why Quire?', anchor: 'why-quire' }, text: 'Because.' },
    ]);
  });

  it('takes the anchor a heading spells, as GitBook writes it', () => {
    expect(
      markdownSections('## Set up the tool <a href="#setup" id="setup"></a>\n\nText.\n\n## Other\n').map(
        (section) => section.heading,
      ),
    ).toEqual([null, { title: 'Set up the tool', anchor: 'setup' }, { title: 'Other', anchor: 'other' }]);
  });

  it("keeps the headings' anchors whatever blocks are added", () => {
    const sections = markdownSections(page);
    const withoutBlocks = markdownSections('# Install\n\n# Steps\n');
    expect([sections[1]?.heading, sections[4]?.heading]).toEqual(
      withoutBlocks.slice(1).map((s) => s.heading),
    );
  });

  it.each([
    [
      'a hint in a column',
      '{% columns %}\n{% column %}\n{% hint style="info" %}\nIn a hint.\n{% endhint %}\n{% endcolumn %}\n{% endcolumns %}',
      'In a hint.',
    ],
    [
      'an update, not its date',
      '{% updates format="full" %}\n{% update date="2024-01-02" %}\nShipped it.\n{% endupdate %}\n{% endupdates %}',
      'Shipped it.',
    ],
    [
      'a file caption, not its URL',
      '{% file src="https://files.example/guide.pdf" %}\nThe guide\n{% endfile %}',
      'The guide',
    ],
    [
      'an embed, not its URL',
      '{% embed url="https://www.youtube.com/watch?v=x" %}\nA video\n{% endembed %}',
      'A video',
    ],
    [
      'a titled code block: the code, not its title',
      '{% code title="index.js" lineNumbers="true" %}\n```js\nrun()\n```\n{% endcode %}',
      'run()',
    ],
    [
      'a content-ref: its link text, not its URL',
      '{% content-ref url="guide.md" %}\n[guide.md](guide.md)\n{% endcontent-ref %}',
      'guide.md',
    ],
    [
      'conditional content, not its condition',
      '{% if visitor.claims.plan == "pro" %}\nFor pros.\n{% endif %}',
      'For pros.',
    ],
    ['an include is no text', '{% include "../.gitbook/includes/shared.md" %}', ''],
    ['math is no text', 'Before\n\n$$\n\\frac{a}{b}\n$$\n\nafter $$x^2$$ inline', 'Before\nafter inline'],
    ['an image caption', '![A diagram](x.png "How it flows")', 'A diagram How it flows'],
    [
      "a figure's alt and caption, not its URL",
      '<figure><img src="https://e.com/a.png" alt="A chart"><figcaption><p>Sales by <strong>month</strong></p></figcaption></figure>',
      'A chart Sales by month',
    ],
    [
      "cards' text, not their targets or covers",
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Quickstart</strong></td><td>Start here.</td><td><a href="quickstart.md">quickstart.md</a></td><td><a href="https://e.com/rocket.svg">rocket.svg</a></td></tr></tbody></table>',
      'Quickstart Start here.',
    ],
    [
      "a button's label, not its URL",
      'Go <a href="https://e.com/start" class="button primary">Get started</a> now.',
      'Go Get started now.',
    ],
    ['coloured words', 'Some <mark style="color:red;">red words</mark>.', 'Some red words.'],
  ])('indexes the text of %s', (_title, markdown, text) => {
    expect(
      markdownSections(markdown)
        .map((section) => section.text)
        .join('\n'),
    ).toBe(text);
  });

  it('reads blocks nested to the limit without a deep stack, and a 100 KB caption', () => {
    const nested =
      '{% tabs %}\n\n{% tab title="t" %}\n\n'.repeat(6) +
      'deep' +
      '\n\n{% endtab %}\n\n{% endtabs %}'.repeat(6);
    const sections = markdownSections(nested);
    expect(sections.filter((section) => section.heading?.title === 't')).toHaveLength(6);
    expect(sections.at(-1)?.text).toBe('deep');
    const caption = 'word '.repeat(20_000).trim();
    const file = markdownSections(`{% file src="a.pdf" %}\n${caption}\n{% endfile %}`);
    expect(file[0]?.text).toBe(caption);
  });
});
