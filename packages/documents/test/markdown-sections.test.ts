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
