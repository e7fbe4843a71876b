/**
 * An edited page's front matter written over its file's (`frontMatterKeeping`): the keys
 * GitBook keeps there and Quire does not read survive, byte for byte and in order; Quire's
 * settings replace theirs in place (issue 27, item 5: an edit changes its page's content,
 * not what GitBook stored beside it).
 */
import { describe, expect, it } from 'vitest';
import { frontMatterKeeping } from '../../src/git-sync/kept-front-matter';
import { frontMatterOf } from '../../src/git-sync/page-settings';

const GITBOOK_FILE = [
  '---',
  'description: >-',
  '  A made-up field guide,',
  '  over two lines.',
  'cover: .gitbook/assets/cover.png',
  'coverY: 0',
  'layout:',
  '  cover:',
  '    visible: true',
  '    size: hero',
  '  title:',
  '    visible: true',
  'icon: compass',
  '---',
  '',
  '# Field guide',
  '',
  'Body.',
  '',
].join('\n');

describe("an edited page's front matter", () => {
  it('keeps the keys Quire does not read, and its settings as they were written when unchanged', () => {
    // (The file's front matter block, as it was.)
    const settings = {
      description: 'A made-up field guide, over two lines.',
      icon: 'compass',
      hidden: false,
    };
    expect(frontMatterKeeping(settings, GITBOOK_FILE)).toBe(
      [
        '---',
        'description: >-',
        '  A made-up field guide,',
        '  over two lines.',
        'cover: .gitbook/assets/cover.png',
        'coverY: 0',
        'layout:',
        '  cover:',
        '    visible: true',
        '    size: hero',
        '  title:',
        '    visible: true',
        'icon: compass',
        '---',
        '',
        '',
      ].join('\n'),
    );
  });

  it('replaces changed settings in place, drops unset ones, adds new ones first, drops title', () => {
    expect(
      frontMatterKeeping({ description: 'Shorter.', icon: 'compass', hidden: false }, GITBOOK_FILE),
    ).toMatch(/^---\ndescription: Shorter\.\ncover: \.gitbook\/assets\/cover\.png\n/);
    const file = '---\ntitle: Old title\nlayout:\n  width: wide\nicon: compass\n---\n\n# Page\n';
    expect(frontMatterKeeping({ hidden: true, emoji: '🚀' }, file)).toBe(
      '---\nemoji: 🚀\nhidden: true\nlayout:\n  width: wide\n---\n\n',
    );
    expect(frontMatterKeeping({ hidden: false }, '---\ntitle: Only a title\n---\n# Page\n')).toBe('');
  });

  it('without a front matter, or with one that is not a mapping, writes Quire’s own', () => {
    const settings = { description: 'D', hidden: true };
    for (const file of [undefined, '# Page\n', '---\n- a list\n---\n# Page\n', '---\nkey: [unclosed\n---\n'])
      expect(frontMatterKeeping(settings, file)).toBe(frontMatterOf(settings));
  });
});
