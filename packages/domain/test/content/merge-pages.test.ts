/**
 * The three-way merge of page trees: each rule of `mergePages` as rows of a table (every
 * kind of change on each side, the changes that combine, each kind of conflict), the
 * markdown line merge as a table, and properties over random edit sequences on two
 * branches of a random tree.
 */
import fc from 'fast-check';
import { diff3Merge } from 'node-diff3';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_EDITS } from '../../src/content/revisions/line-changes';
import { mergeMarkdown } from '../../src/content/revisions/merge-markdown';
import { mergePages } from '../../src/content/revisions/merge-pages';
import {
  type MergeConflict,
  type PageSet,
  type PageState,
  SCALAR_PAGE_FIELDS,
  samePage,
} from '../../src/content/revisions/page-state';

const BODY = '# Heading\n\nfirst\n\nsecond\n\nthird\n';

const page = (id: string, fields: Partial<PageState> = {}): PageState => ({
  id,
  parentId: null,
  position: 'a0',
  title: id.toUpperCase(),
  slug: id,
  hidden: false,
  markdown: BODY,
  ...fields,
});

const pagesOf = (...pages: PageState[]): PageSet => new Map(pages.map((p) => [p.id, p]));

const edit = (set: PageSet, id: string, fields: Partial<PageState>): PageSet => {
  const found = set.get(id);
  if (!found) throw new Error('no page ' + id);
  return new Map(set).set(id, { ...found, ...fields });
};
const add = (set: PageSet, ...pages: PageState[]): PageSet => {
  const added = new Map(set);
  for (const p of pages) added.set(p.id, p);
  return added;
};
const remove = (set: PageSet, ...ids: string[]): PageSet =>
  new Map([...set].filter(([id]) => !ids.includes(id)));
const conflict = (pageId: string, field: MergeConflict['field'], reason: string): MergeConflict => ({
  pageId,
  field,
  reason,
});

/**
 * intro, guide (install, usage (advanced)), api: a small space with every depth the rules
 * need. api has an emoji and a description, so a side can clear them.
 */
const base = pagesOf(
  page('intro', { position: 'a0' }),
  page('guide', { position: 'a1' }),
  page('install', { parentId: 'guide', position: 'a0' }),
  page('usage', { parentId: 'guide', position: 'a1' }),
  page('advanced', { parentId: 'usage', position: 'a0' }),
  page('api', { position: 'a2', emoji: '📘', description: 'The API' }),
);

type Expected = { pages: PageSet } | { conflicts: MergeConflict[] };
type Row = [rule: string, title: string, ours: PageSet, theirs: PageSet, expected: Expected];

/** Every kind of change one side can make; made on one side only, it is the result. */
const changes: Array<[rule: string, change: string, apply: (set: PageSet) => PageSet]> = [
  ['1', 'adds a top-level page', (s) => add(s, page('faq', { position: 'a3' }))],
  ['1', 'adds a subpage', (s) => add(s, page('config', { parentId: 'install' }))],
  ['2', 'removes a page', (s) => remove(s, 'intro')],
  ['2', 'removes a page with its subpages', (s) => remove(s, 'usage', 'advanced')],
  ['3', 'renames a page', (s) => edit(s, 'intro', { title: 'Introduction' })],
  ['3', 'sets an emoji', (s) => edit(s, 'intro', { emoji: '👋' })],
  ['3', 'clears an emoji', (s) => edit(s, 'api', { emoji: undefined })],
  ['3', 'sets an icon', (s) => edit(s, 'intro', { icon: 'book' })],
  ['3', 'changes a description', (s) => edit(s, 'api', { description: 'Every endpoint' })],
  ['3', 'hides a page', (s) => edit(s, 'intro', { hidden: true })],
  ['3', 'changes a slug', (s) => edit(s, 'intro', { slug: 'introduction' })],
  ['4', 'edits the markdown', (s) => edit(s, 'intro', { markdown: BODY.replace('second', 'SECOND') })],
  ['5', 'moves a page to another parent', (s) => edit(s, 'install', { parentId: 'api' })],
  ['5', 'moves a page to the top level', (s) => edit(s, 'advanced', { parentId: null, position: 'a3' })],
  ['5', 'reorders a page among its siblings', (s) => edit(s, 'install', { position: 'a2' })],
];

const oneSided: Row[] = changes.flatMap(([rule, change, apply]): Row[] => [
  [rule, 'ours ' + change, apply(base), base, { pages: apply(base) }],
  [rule, 'theirs ' + change, base, apply(base), { pages: apply(base) }],
]);

const intro = base.get('intro')!;
const combined: Row[] = [
  [
    '3',
    'ours renames, theirs hides and sets an emoji: all three',
    edit(base, 'intro', { title: 'Welcome' }),
    edit(base, 'intro', { hidden: true, emoji: '👋' }),
    { pages: edit(base, 'intro', { title: 'Welcome', hidden: true, emoji: '👋' }) },
  ],
  [
    '3',
    'both rename to the same title',
    edit(base, 'intro', { title: 'Welcome' }),
    edit(base, 'intro', { title: 'Welcome' }),
    { pages: edit(base, 'intro', { title: 'Welcome' }) },
  ],
  [
    '3',
    'both change the slug differently: theirs, no conflict',
    edit(base, 'intro', { slug: 'ours' }),
    edit(base, 'intro', { slug: 'theirs' }),
    { pages: edit(base, 'intro', { slug: 'theirs' }) },
  ],
  [
    '4',
    'edits of separate lines combine',
    edit(base, 'intro', { markdown: BODY.replace('first', 'FIRST') }),
    edit(base, 'intro', { markdown: BODY.replace('third', 'THIRD') }),
    { pages: edit(base, 'intro', { markdown: BODY.replace('first', 'FIRST').replace('third', 'THIRD') }) },
  ],
  [
    '4',
    'the same markdown edit on both sides',
    edit(base, 'intro', { markdown: BODY.replace('second', 'SECOND') }),
    edit(base, 'intro', { markdown: BODY.replace('second', 'SECOND') }),
    { pages: edit(base, 'intro', { markdown: BODY.replace('second', 'SECOND') }) },
  ],
  [
    '3, 4',
    'ours edits the body, theirs renames',
    edit(base, 'intro', { markdown: 'new body\n' }),
    edit(base, 'intro', { title: 'Welcome' }),
    { pages: edit(base, 'intro', { markdown: 'new body\n', title: 'Welcome' }) },
  ],
  [
    '5',
    'ours moves, theirs renames: moved and renamed',
    edit(base, 'install', { parentId: 'api' }),
    edit(base, 'install', { title: 'Setup' }),
    { pages: edit(base, 'install', { parentId: 'api', title: 'Setup' }) },
  ],
  [
    '5',
    'both move to the same parent at different positions: theirs',
    edit(base, 'install', { parentId: 'api', position: 'a1' }),
    edit(base, 'install', { parentId: 'api', position: 'a5' }),
    { pages: edit(base, 'install', { parentId: 'api', position: 'a5' }) },
  ],
  [
    '5',
    'both reorder under the same parent: theirs',
    edit(base, 'install', { position: 'a2' }),
    edit(base, 'install', { position: 'a3' }),
    { pages: edit(base, 'install', { position: 'a3' }) },
  ],
  [
    '5',
    'ours reorders, theirs moves to another parent: the move',
    edit(base, 'install', { position: 'a2' }),
    edit(base, 'install', { parentId: 'api', position: 'a0' }),
    { pages: edit(base, 'install', { parentId: 'api', position: 'a0' }) },
  ],
  [
    '5',
    'ours moves to another parent, theirs reorders: the move',
    edit(base, 'install', { parentId: null, position: 'a9' }),
    edit(base, 'install', { position: 'a2' }),
    { pages: edit(base, 'install', { parentId: null, position: 'a9' }) },
  ],
  [
    '1',
    'both add the same page identically',
    add(base, page('faq', { position: 'a3' })),
    add(base, page('faq', { position: 'a3' })),
    { pages: add(base, page('faq', { position: 'a3' })) },
  ],
  [
    '1',
    'both add the same id, only theirs with an emoji and a body: merged against nothing',
    add(base, page('faq', { position: 'a3', markdown: '' })),
    add(base, page('faq', { position: 'a3', emoji: '❓', markdown: 'Q?\n' })),
    { pages: add(base, page('faq', { position: 'a3', emoji: '❓', markdown: 'Q?\n' })) },
  ],
  [
    '1',
    'both add the same id under the same parent at other positions: theirs',
    add(base, page('faq', { parentId: 'guide', position: 'a3' })),
    add(base, page('faq', { parentId: 'guide', position: 'a4' })),
    { pages: add(base, page('faq', { parentId: 'guide', position: 'a4' })) },
  ],
  [
    '1, 8',
    'both add different pages at the same spot: both kept',
    add(base, page('faq', { position: 'a3' })),
    add(base, page('changelog', { position: 'a3' })),
    { pages: add(base, page('faq', { position: 'a3' }), page('changelog', { position: 'a3' })) },
  ],
  [
    '2',
    'both remove the same page',
    remove(base, 'intro'),
    remove(base, 'intro'),
    { pages: remove(base, 'intro') },
  ],
  [
    '2',
    'ours removes a page, theirs edits another',
    remove(base, 'intro'),
    edit(base, 'api', { title: 'Reference' }),
    { pages: edit(remove(base, 'intro'), 'api', { title: 'Reference' }) },
  ],
  [
    '2, 6',
    'ours removes a subtree, theirs adds a page elsewhere',
    remove(base, 'usage', 'advanced'),
    add(base, page('faq', { parentId: 'guide', position: 'a2' })),
    { pages: add(remove(base, 'usage', 'advanced'), page('faq', { parentId: 'guide', position: 'a2' })) },
  ],
  [
    '2, 5',
    'ours moves a page out of guide, theirs removes a subtree of guide',
    edit(base, 'install', { parentId: null, position: 'a3' }),
    remove(base, 'usage', 'advanced'),
    { pages: edit(remove(base, 'usage', 'advanced'), 'install', { parentId: null, position: 'a3' }) },
  ],
  [
    '7',
    'both move pages into each other without closing a cycle',
    edit(base, 'intro', { parentId: 'api' }),
    edit(base, 'guide', { parentId: 'intro' }),
    { pages: edit(edit(base, 'intro', { parentId: 'api' }), 'guide', { parentId: 'intro' }) },
  ],
];

const conflicting: Row[] = [
  [
    '1',
    'both add the same id with other titles and other parents',
    add(base, page('faq', { title: 'FAQ', parentId: 'guide' })),
    add(base, page('faq', { title: 'Questions', parentId: 'api' })),
    { conflicts: [conflict('faq', 'parentId', 'added-both'), conflict('faq', 'title', 'added-both')] },
  ],
  [
    '1',
    'both add the same id, hidden on one side only',
    add(base, page('faq', { hidden: true })),
    add(base, page('faq')),
    { conflicts: [conflict('faq', 'hidden', 'added-both')] },
  ],
  [
    '1, 4',
    'both add the same id with other bodies',
    add(base, page('faq', { markdown: 'ours\n' })),
    add(base, page('faq', { markdown: 'theirs\n' })),
    { conflicts: [conflict('faq', 'markdown', 'added-both')] },
  ],
  [
    '2',
    'ours removes a page that theirs renames',
    remove(base, 'intro'),
    edit(base, 'intro', { title: 'Welcome' }),
    { conflicts: [conflict('intro', 'page', 'deleted-and-edited')] },
  ],
  [
    '2',
    'theirs removes a page that ours edits',
    edit(base, 'intro', { markdown: 'new\n' }),
    remove(base, 'intro'),
    { conflicts: [conflict('intro', 'page', 'deleted-and-edited')] },
  ],
  [
    '2',
    'ours removes a page that theirs moves',
    remove(base, 'install'),
    edit(base, 'install', { parentId: 'api' }),
    { conflicts: [conflict('install', 'page', 'deleted-and-edited')] },
  ],
  [
    '2',
    'ours removes a page that theirs reorders',
    remove(base, 'install'),
    edit(base, 'install', { position: 'a5' }),
    { conflicts: [conflict('install', 'page', 'deleted-and-edited')] },
  ],
  [
    '2',
    'ours removes a subtree in which theirs edits a subpage: the subpage conflicts',
    remove(base, 'usage', 'advanced'),
    edit(base, 'advanced', { hidden: true }),
    { conflicts: [conflict('advanced', 'page', 'deleted-and-edited')] },
  ],
  ...SCALAR_PAGE_FIELDS.filter((field) => field !== 'hidden').map(
    (field): Row => [
      '3',
      'both change the ' + field + ' differently',
      edit(base, 'api', { [field]: 'ours' }),
      edit(base, 'api', { [field]: 'theirs' }),
      { conflicts: [conflict('api', field, 'edited-both')] },
    ],
  ),
  [
    '2',
    'ours moves a page out of a subtree that theirs removes with it',
    edit(base, 'advanced', { parentId: null, position: 'a3' }),
    remove(base, 'usage', 'advanced'),
    { conflicts: [conflict('advanced', 'page', 'deleted-and-edited')] },
  ],
  [
    '3',
    'ours clears the description, theirs changes it',
    edit(base, 'api', { description: undefined }),
    edit(base, 'api', { description: 'Endpoints' }),
    { conflicts: [conflict('api', 'description', 'edited-both')] },
  ],
  [
    '4',
    'both change the same line differently',
    edit(base, 'intro', { markdown: BODY.replace('second', 'ours') }),
    edit(base, 'intro', { markdown: BODY.replace('second', 'theirs') }),
    { conflicts: [conflict('intro', 'markdown', 'edited-both')] },
  ],
  [
    '5',
    'both move a page to different parents',
    edit(base, 'install', { parentId: 'api' }),
    edit(base, 'install', { parentId: null, position: 'a5' }),
    { conflicts: [conflict('install', 'parentId', 'moved-both')] },
  ],
  [
    '6',
    'ours removes a page under which theirs adds a subpage',
    remove(base, 'api'),
    add(base, page('endpoints', { parentId: 'api' })),
    { conflicts: [conflict('endpoints', 'page', 'parent-deleted')] },
  ],
  [
    '6',
    'theirs removes a page under which ours moves a page',
    edit(base, 'intro', { parentId: 'api' }),
    remove(base, 'api'),
    { conflicts: [conflict('intro', 'page', 'parent-deleted')] },
  ],
  [
    '6',
    'ours removes a subtree into whose subpage theirs adds a page',
    remove(base, 'usage', 'advanced'),
    add(base, page('tips', { parentId: 'advanced' })),
    { conflicts: [conflict('tips', 'page', 'parent-deleted')] },
  ],
  [
    '7',
    'ours puts guide under api, theirs api under guide',
    edit(base, 'guide', { parentId: 'api' }),
    edit(base, 'api', { parentId: 'guide' }),
    { conflicts: [conflict('api', 'parentId', 'cycle'), conflict('guide', 'parentId', 'cycle')] },
  ],
  [
    '7',
    'a cycle through a page neither side moved: every page on it',
    edit(base, 'guide', { parentId: 'api' }),
    edit(base, 'api', { parentId: 'advanced' }),
    {
      conflicts: [
        conflict('advanced', 'parentId', 'cycle'),
        conflict('api', 'parentId', 'cycle'),
        conflict('guide', 'parentId', 'cycle'),
        conflict('usage', 'parentId', 'cycle'),
      ],
    },
  ],
  [
    '9',
    'every conflict, by page id then field',
    edit(edit(remove(base, 'intro'), 'api', { title: 'A', emoji: '1', markdown: 'a\n' }), 'install', {
      parentId: 'api',
    }),
    edit(
      edit(edit(base, 'intro', { hidden: true }), 'api', { title: 'B', emoji: '2', markdown: 'b\n' }),
      'install',
      {
        parentId: null,
      },
    ),
    {
      conflicts: [
        conflict('api', 'emoji', 'edited-both'),
        conflict('api', 'markdown', 'edited-both'),
        conflict('api', 'title', 'edited-both'),
        conflict('install', 'parentId', 'moved-both'),
        conflict(intro.id, 'page', 'deleted-and-edited'),
      ],
    },
  ],
];

describe('mergePages', () => {
  it.each([...oneSided, ...combined, ...conflicting])(
    'rule %s: %s',
    (_rule, _title, ours, theirs, expected) => {
      const merged = mergePages(base, ours, theirs);
      if ('pages' in expected) expect(merged).toEqual({ result: 'merge', pages: expected.pages });
      else expect(merged).toEqual({ result: 'conflicts', conflicts: expected.conflicts });
    },
  );

  it('rule 8: lists the merged pages in tree order, siblings by position then id', () => {
    const ours = add(
      base,
      page('zeta', { parentId: 'guide', position: 'a0' }),
      page('faq', { position: 'a1' }),
    );
    const theirs = add(base, page('alpha', { parentId: 'guide', position: 'a0' }));
    const merged = mergePages(base, ours, theirs);
    expect(merged.result === 'merge' && [...merged.pages.keys()]).toEqual([
      'intro',
      'faq',
      'guide',
      'alpha',
      'install',
      'zeta',
      'usage',
      'advanced',
      'api',
    ]);
  });

  it('keeps the objects of pages that only one side changed', () => {
    const ours = edit(base, 'intro', { title: 'Welcome' });
    const merged = mergePages(base, ours, base);
    expect(merged.result === 'merge' && merged.pages.get('intro')).toBe(ours.get('intro'));
  });
});

const CONFLICT = 'conflict';
const markdownCases: Array<[title: string, base: string, ours: string, theirs: string, expected: string]> = [
  ['only ours changed', 'a\nb\n', 'a\nB\n', 'a\nb\n', 'a\nB\n'],
  ['only theirs changed', 'a\nb\n', 'a\nb\n', 'A\nb\n', 'A\nb\n'],
  ['edits of separate lines combine', 'a\nb\nc\nd\n', 'A\nb\nc\nd\n', 'a\nb\nc\nD\n', 'A\nb\nc\nD\n'],
  ['an insertion and a removal elsewhere combine', 'a\nb\nc\n', 'a\nnew\nb\nc\n', 'a\nb\n', 'a\nnew\nb\n'],
  ['the same line changed differently conflicts', 'a\nb\nc\n', 'a\nours\nc\n', 'a\ntheirs\nc\n', CONFLICT],
  ['edits of neighbouring lines conflict', 'a\nb\nc\n', 'A\nb\nc\n', 'a\nB\nc\n', CONFLICT],
  ['the same edit on both sides is no conflict', 'a\nb\nc\n', 'a\nB\nc\n', 'a\nB\nc\n', 'a\nB\nc\n'],
  [
    'the same edit on both sides beside another edit',
    'a\nb\nc\nd\ne\n',
    'a\nB\nc\nd\nE\n',
    'a\nB\nc\nd\ne\n',
    'a\nB\nc\nd\nE\n',
  ],
  [
    'an edit at the start and one at the end',
    'a\nb\nc',
    'start\na\nb\nc',
    'a\nb\nc\nend',
    'start\na\nb\nc\nend',
  ],
  ['both append different lines at the end', 'a\nb\n', 'a\nb\nours\n', 'a\nb\ntheirs\n', CONFLICT],
  ['both prepend different lines', 'a\nb\n', 'ours\na\nb\n', 'theirs\na\nb\n', CONFLICT],
  ['a trailing newline added on one side is kept', 'a\nb\nc', 'a\nb\nc\n', 'A\nb\nc', 'A\nb\nc\n'],
  ['a trailing newline removed on one side is removed', 'a\nb\nc\n', 'a\nb\nc', 'A\nb\nc\n', 'A\nb\nc'],
  ['empty base, one side writes', '', '', 'text\n', 'text\n'],
  ['empty base, both write differently', '', 'ours\n', 'theirs\n', CONFLICT],
  ['empty base, both write the same', '', 'same\n', 'same\n', 'same\n'],
  ['one side empties the text, the other leaves it', 'a\nb\n', '', 'a\nb\n', ''],
  ['one side empties the text, the other edits it', 'a\nb\nc\n', '', 'a\nB\nc\n', CONFLICT],
  ['whitespace inside a line is kept as is', 'a b\nx\n', 'a  b\nx\n', 'a b\nx\nc\n', 'a  b\nx\nc\n'],
];

describe('mergeMarkdown', () => {
  it.each(markdownCases)('%s', (_title, baseText, ours, theirs, expected) => {
    const merged = mergeMarkdown(baseText, ours, theirs);
    expect(merged).toEqual(expected === CONFLICT ? { merged: false } : { merged: true, markdown: expected });
  });

  // node-diff3's LCS took minutes on such a text: a blank line between paragraphs makes
  // half the lines equal to each other (the test timed out before line-changes.ts).
  it('merges a long body with blank lines, edited at both ends, in one pass', () => {
    const paragraphs = Array.from({ length: 1_500 }, (_, i) => 'Paragraph ' + i + '.');
    const text = (first: string, last: string) =>
      [first, ...paragraphs.slice(1, -1), last].join('\n\n') + '\n';
    const [first, last] = [paragraphs[0]!, paragraphs.at(-1)!];
    const merged = mergeMarkdown(text(first, last), text('Ours.', last), text(first, 'Theirs.'));
    expect(merged).toEqual({ merged: true, markdown: text('Ours.', 'Theirs.') });
  });

  it('merges a body of 200,000 lines (no spreading of lines into a call)', () => {
    const lines = Array.from({ length: 200_000 }, (_, i) => 'line ' + i);
    const edited = (at: number, text: string) => lines.map((line, i) => (i === at ? text : line)).join('\n');
    const merged = mergeMarkdown(lines.join('\n'), edited(10, 'ours'), edited(199_990, 'theirs'));
    expect(merged.merged && merged.markdown.split('\n').filter((line) => !line.startsWith('line '))).toEqual([
      'ours',
      'theirs',
    ]);
  });

  it("with conflicts: 'ours', keeps our lines where both sides changed and both sides' changes elsewhere", () => {
    const base = 'Title.\n\nShared line.\n\nTheir part.\n';
    const ours = 'Title.\n\nShared line, ours.\n\nTheir part.\n';
    const theirs = 'Title, theirs.\n\nShared line, theirs.\n\nTheir part, edited.\n';
    expect(mergeMarkdown(base, ours, theirs)).toEqual({ merged: false });
    expect(mergeMarkdown(base, ours, theirs, { conflicts: 'ours' })).toEqual({
      merged: true,
      markdown: 'Title, theirs.\n\nShared line, ours.\n\nTheir part, edited.\n',
    });
  });

  it('leaves to a person a body that one side rewrote beyond MAX_LINE_EDITS', () => {
    const lines = Array.from({ length: MAX_LINE_EDITS + 10 }, (_, i) => 'line ' + i);
    const rewritten = lines.map((line, i) => (i < MAX_LINE_EDITS / 2 + 1 ? line + ' rewritten' : line));
    const touched = [...lines.slice(0, -1), 'last line edited'];
    expect(mergeMarkdown(lines.join('\n'), rewritten.join('\n'), touched.join('\n'))).toEqual({
      merged: false,
    });
    // Within the cap the same kind of edit merges.
    const fewer = lines.map((line, i) => (i < 10 ? line + ' rewritten' : line));
    expect(mergeMarkdown(lines.join('\n'), fewer.join('\n'), touched.join('\n'))).toEqual({
      merged: true,
      markdown: [...fewer.slice(0, -1), 'last line edited'].join('\n'),
    });
  });

  it('merges as node-diff3 does, on small texts where node-diff3 is quick', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', '', 'd'), { maxLength: 10 })
      .map((l) => l.join('\n'));
    fc.assert(
      fc.property(text, text, text, (baseText, ours, theirs) => {
        const lines = (t: string) => t.split('\n');
        const regions = diff3Merge(lines(ours), lines(baseText), lines(theirs), {
          excludeFalseConflicts: true,
        });
        const expected = regions.every((region) => region.ok)
          ? { merged: true, markdown: regions.flatMap((region) => region.ok ?? []).join('\n') }
          : { merged: false };
        expect(mergeMarkdown(baseText, ours, theirs)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

// --- Properties over random trees and random edits on two branches -----------------------

/** A small alphabet of ids, so both sides often add the same id or touch the same page. */
const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
/** A handful of positions, so siblings often share one. */
const POSITIONS = ['a0', 'a1', 'a2', 'a3'];
const LINES = ['# Title', '', 'alpha', 'beta', 'gamma', '- item'];

const idArb = fc.constantFrom(...IDS);
const positionArb = fc.constantFrom(...POSITIONS);
const bodyArb = fc.array(fc.constantFrom(...LINES), { maxLength: 6 }).map((lines) => lines.join('\n'));

const baseArb: fc.Arbitrary<PageSet> = fc
  .uniqueArray(
    fc.record({
      id: idArb,
      parent: fc.nat(),
      position: positionArb,
      title: fc.constantFrom('One', 'Two'),
      emoji: fc.option(fc.constantFrom('🙂', '📘'), { nil: undefined }),
      hidden: fc.boolean(),
      markdown: bodyArb,
    }),
    { selector: (seed) => seed.id, minLength: 2, maxLength: 7 },
  )
  .map((seeds) => {
    const pages = new Map<string, PageState>();
    seeds.forEach(({ parent, emoji, ...seed }, i) => {
      const k = parent % (i + 1);
      const built: PageState = { ...seed, parentId: k === i ? null : seeds[k]!.id, slug: seed.id };
      pages.set(seed.id, emoji === undefined ? built : { ...built, emoji });
    });
    return pages;
  });

type Edit =
  | { kind: 'add'; id: string; parent: number; position: string; markdown: string }
  | { kind: 'remove'; pick: number }
  | { kind: 'field'; pick: number; field: (typeof SCALAR_PAGE_FIELDS)[number] | 'slug'; value?: string }
  | { kind: 'markdown'; pick: number; at: number; op: 'insert' | 'replace' | 'delete'; line: string }
  | { kind: 'move'; pick: number; parent: number; position: string }
  | { kind: 'reorder'; pick: number; position: string };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    id: idArb,
    parent: fc.nat(),
    position: positionArb,
    markdown: bodyArb,
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('field' as const),
    pick: fc.nat(),
    field: fc.constantFrom(...SCALAR_PAGE_FIELDS, 'slug' as const),
    value: fc.constantFrom('x', 'y', undefined),
  }),
  fc.record({
    kind: fc.constant('markdown' as const),
    pick: fc.nat(),
    at: fc.nat(),
    op: fc.constantFrom('insert' as const, 'replace' as const, 'delete' as const),
    line: fc.constantFrom(...LINES, 'ours-or-theirs'),
  }),
  {
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      parent: fc.nat(),
      position: positionArb,
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('reorder' as const), pick: fc.nat(), position: positionArb }),
);

const subtreeOf = (pages: ReadonlyMap<string, PageState>, root: string): Set<string> => {
  const subtree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of pages.values()) {
      if (p.parentId !== null && subtree.has(p.parentId) && !subtree.has(p.id)) {
        subtree.add(p.id);
        grew = true;
      }
    }
  }
  return subtree;
};

/** Applies edits the way an editor would: removing a page removes its subpages, a move never makes a cycle. */
function applyEdits(start: PageSet, edits: readonly Edit[]): PageSet {
  const pages = new Map(start);
  for (const e of edits) {
    const ids = [...pages.keys()].sort();
    if (e.kind === 'add') {
      const parents = [null, ...ids];
      if (!pages.has(e.id)) {
        const parentId = parents[e.parent % parents.length]!;
        pages.set(e.id, { ...page(e.id, { parentId, position: e.position, markdown: e.markdown }) });
      }
      continue;
    }
    const target = ids.length ? pages.get(ids[e.pick % ids.length]!) : undefined;
    if (!target) continue;
    switch (e.kind) {
      case 'remove':
        for (const id of subtreeOf(pages, target.id)) pages.delete(id);
        break;
      case 'field': {
        const changed: PageState = { ...target };
        if (e.field === 'hidden') changed.hidden = !target.hidden;
        else if (e.field === 'title' || e.field === 'slug') changed[e.field] = e.value ?? 'z';
        else if (e.value === undefined) delete changed[e.field];
        else changed[e.field] = e.value;
        pages.set(target.id, changed);
        break;
      }
      case 'markdown': {
        const lines = target.markdown.split('\n');
        const at = e.at % (lines.length + 1);
        if (e.op === 'insert') lines.splice(at, 0, e.line);
        else lines.splice(at, 1, ...(e.op === 'replace' ? [e.line] : []));
        pages.set(target.id, { ...target, markdown: lines.join('\n') });
        break;
      }
      case 'move': {
        const below = subtreeOf(pages, target.id);
        const parents = [null, ...ids.filter((id) => !below.has(id))];
        pages.set(target.id, {
          ...target,
          parentId: parents[e.parent % parents.length]!,
          position: e.position,
        });
        break;
      }
      case 'reorder':
        pages.set(target.id, { ...target, position: e.position });
        break;
    }
  }
  return pages;
}

function expectForest(pages: ReadonlyMap<string, PageState>): void {
  for (const p of pages.values()) {
    const seen = new Set<string>();
    for (let at: PageState | undefined = p; at?.parentId != null; at = pages.get(at.parentId)) {
      expect(pages.has(at.parentId), 'parent of ' + at.id + ' present').toBe(true);
      expect(seen.has(at.id), 'no cycle through ' + at.id).toBe(false);
      seen.add(at.id);
    }
  }
}

const COMPARED = [...SCALAR_PAGE_FIELDS, 'slug', 'markdown'] as const;
const placeOf = (p: PageState) => ({ parentId: p.parentId, position: p.position });
const samePlace = (a: PageState, b: PageState) => a.parentId === b.parentId && a.position === b.position;

/** Every change of one side that the other side did not also make is in the merged pages. */
function expectBothSides(b: PageSet, o: PageSet, t: PageSet, merged: ReadonlyMap<string, PageState>): void {
  expectForest(merged);
  for (const id of new Set([...b.keys(), ...o.keys(), ...t.keys()])) {
    const [before, ours, theirs, result] = [b.get(id), o.get(id), t.get(id), merged.get(id)];
    if (!before) {
      if (ours && !theirs) expect(result).toEqual(ours);
      if (theirs && !ours) expect(result).toEqual(theirs);
      if (ours && theirs) expect(result).toBeDefined();
      continue;
    }
    if (!ours || !theirs) {
      // A removal that merged: the other side left the page as it was (or removed it too).
      expect(result).toBeUndefined();
      continue;
    }
    if (!result) throw new Error('page ' + id + ' kept by both sides is missing');
    for (const field of COMPARED) {
      if (ours[field] === before[field]) expect(result[field]).toBe(theirs[field]);
      if (theirs[field] === before[field]) expect(result[field]).toBe(ours[field]);
    }
    if (samePlace(ours, before)) expect(placeOf(result)).toEqual(placeOf(theirs));
    if (samePlace(theirs, before)) expect(placeOf(result)).toEqual(placeOf(ours));
    if (ours.parentId === before.parentId) expect(result.parentId).toBe(theirs.parentId);
    if (theirs.parentId === before.parentId) expect(result.parentId).toBe(ours.parentId);
  }
}

/** No conflict is invented: each names a disagreement that the three revisions show. */
function expectJustified(b: PageSet, o: PageSet, t: PageSet, conflicts: readonly MergeConflict[]): void {
  // A side put some page under a parent it did not have in the base (a move, or a new subpage).
  const placedOn = (side: PageSet) =>
    [...side.values()].some((p) => p.parentId !== null && b.get(p.id)?.parentId !== p.parentId);
  for (const c of conflicts) {
    const [before, ours, theirs] = [b.get(c.pageId), o.get(c.pageId), t.get(c.pageId)];
    const value = (p: PageState | undefined) => (c.field === 'page' ? undefined : p?.[c.field]);
    switch (c.reason) {
      case 'edited-both':
        expect(before && ours && theirs).toBeTruthy();
        expect(new Set([value(before), value(ours), value(theirs)]).size).toBe(3);
        break;
      case 'added-both':
        expect(!before && ours && theirs && value(ours) !== value(theirs)).toBe(true);
        break;
      case 'deleted-and-edited':
        expect(before && !ours !== !theirs && !samePage(before, (ours ?? theirs)!)).toBe(true);
        break;
      case 'moved-both':
        expect(new Set([before?.parentId, ours?.parentId, theirs?.parentId]).size).toBe(3);
        break;
      case 'parent-deleted':
        expect(
          [ours, theirs].some((p) => p?.parentId != null && !(o.has(p.parentId) && t.has(p.parentId))),
        ).toBe(true);
        break;
      case 'cycle':
        expect(placedOn(o) && placedOn(t)).toBe(true);
        break;
      default:
        throw new Error('unexpected reason ' + c.reason);
    }
  }
}

const branchesArb = baseArb.chain((b) =>
  fc.tuple(
    fc.constant(b),
    fc.array(editArb, { minLength: 1, maxLength: 8 }).map((edits) => applyEdits(b, edits)),
    fc.array(editArb, { minLength: 1, maxLength: 8 }).map((edits) => applyEdits(b, edits)),
  ),
);

describe('mergePages over random edits of two branches', () => {
  it('merges to a forest holding every change of both sides, or names justified conflicts', () => {
    fc.assert(
      fc.property(branchesArb, ([b, o, t]) => {
        const merged = mergePages(b, o, t);
        expect(mergePages(b, o, t)).toEqual(merged);
        expect(mergePages(b, t, o).result).toBe(merged.result);
        if (merged.result === 'merge') {
          expectBothSides(b, o, t, merged.pages);
          return;
        }
        const keys = merged.conflicts.map((c) => c.pageId + ' ' + c.field);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys).toEqual([...keys].sort());
        expectJustified(b, o, t, merged.conflicts);
      }),
      { numRuns: 300 },
    );
  });

  it('merging a branch with itself or with the base gives the branch', () => {
    fc.assert(
      fc.property(branchesArb, ([b, x]) => {
        const expected = { result: 'merge', pages: x };
        expect(mergePages(b, x, x)).toEqual(expected);
        expect(mergePages(b, b, x)).toEqual(expected);
        expect(mergePages(b, x, b)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
