/**
 * What a translation run sends (`changedSourcePages`, its rules as a table) and how it
 * assembles the result (`assembleResultPages`): the source's tree, text translated now or
 * kept from the result, pages gone from the source left out.
 */
import { describe, expect, it } from 'vitest';
import { indexPages, type PageIndex, type StoredPage } from '../src/content';
import { changedSourcePages } from '../src/translations/changed-source-pages';
import { assembleResultPages } from '../src/translations/result-pages';
import { wordsIn } from '../src/translations/translation-words';

const page = (id: string, fields: Partial<StoredPage> = {}): StoredPage => ({
  id,
  parentId: null,
  position: `a${id}`,
  title: `Title ${id}`,
  slug: `slug-${id}`,
  hidden: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  body: `body-${id}`,
  ...fields,
});

const indexOf = (...pages: StoredPage[]): PageIndex =>
  indexPages('tree', new Map(pages.map((stored) => [stored.id, stored])));

describe('changedSourcePages', () => {
  const translated = indexOf(page('1'), page('2', { description: 'About' }));
  const result = indexOf(page('1', { title: 'Titre 1' }), page('2', { title: 'Titre 2' }));
  const cases: Array<
    [rule: string, source: PageIndex, last: PageIndex | null, result: PageIndex, sent: string[]]
  > = [
    [
      '1. nothing translated with this basis: every page',
      indexOf(page('1'), page('2')),
      null,
      result,
      ['1', '2'],
    ],
    [
      '2. a page new in the source',
      indexOf(page('1'), page('2', { description: 'About' }), page('3')),
      translated,
      result,
      ['3'],
    ],
    [
      '3. a title changed',
      indexOf(page('1', { title: 'New' }), page('2', { description: 'About' })),
      translated,
      result,
      ['1'],
    ],
    [
      '3. a description changed',
      indexOf(page('1'), page('2', { description: 'Other' })),
      translated,
      result,
      ['2'],
    ],
    ['3. a description removed', indexOf(page('1'), page('2')), translated, result, ['2']],
    [
      '3. a body changed',
      indexOf(page('1', { body: 'edited' }), page('2', { description: 'About' })),
      translated,
      result,
      ['1'],
    ],
    [
      '4. the result lost the page',
      indexOf(page('1'), page('2', { description: 'About' })),
      translated,
      indexOf(page('1')),
      ['2'],
    ],
    [
      'otherwise nothing: moved, re-iconed, hidden pages are not sent',
      indexOf(
        page('1', { position: 'z', emoji: '1f600', hidden: true }),
        page('2', { description: 'About', parentId: '1' }),
      ),
      translated,
      result,
      [],
    ],
  ];
  it.each(cases)('%s', (_rule, source, last, resultIndex, sent) => {
    expect(
      changedSourcePages({ source, translated: last, result: resultIndex }).map(
        (sourcePage) => sourcePage.id,
      ),
    ).toEqual(sent);
  });
});

describe('assembleResultPages', () => {
  const now = '2026-02-02T00:00:00.000Z';

  it("keeps the source's page types: a group stays a group, a link a link to the same place", () => {
    const target = { kind: 'url', url: 'https://example.com/status' } as const;
    const source = indexOf(
      page('g', { type: 'group' }),
      page('l', { type: 'link', target, parentId: 'g' }),
      page('d', { parentId: 'g', position: 'b' }),
    );
    // The result read before types existed holds them as documents: they are written anew.
    const stored = { address: 'old', children: null };
    const result = indexOf(page('g', { title: 'Titre g', loaded: stored }), page('l', { loaded: stored }));
    const pages = assembleResultPages({ source, translated: new Map(), result, now });
    expect(pages.get('g')).toMatchObject({ type: 'group', title: 'Titre g', updatedAt: now });
    expect(pages.get('g')?.loaded).toBeUndefined();
    expect(pages.get('l')).toMatchObject({ type: 'link', target, parentId: 'g' });
    expect(pages.get('l')?.loaded).toBeUndefined();
    expect(pages.get('d')).not.toHaveProperty('type');
    // Assembled again on that result: nothing changes, the stored pages are reused.
    const again = assembleResultPages({
      source,
      translated: new Map(),
      result: indexOf(...pages.values()),
      now: 'later',
    });
    expect(again.get('g')?.updatedAt).toBe(now);
  });

  it('takes the tree and settings from the source, the text from the translation, else from the result', () => {
    const source = indexOf(
      page('1', { emoji: '1f4d8', hidden: true }),
      page('2', { parentId: '1', position: 'b' }),
      page('3', { title: 'Fresh' }),
    );
    const stored = { address: 'page-2-address', children: null };
    const result = indexOf(
      page('1', { title: 'Titre 1', body: 'corps-1' }),
      page('2', { title: 'Titre 2', body: 'corps-2', parentId: '1', position: 'b', loaded: stored }),
      page('gone', { title: 'Deleted from the source' }),
    );
    const pages = assembleResultPages({
      source,
      translated: new Map([['3', { title: 'Frais', description: 'Neuf', body: 'corps-3' }]]),
      result,
      now,
    });

    expect([...pages.keys()]).toEqual(['1', '2', '3']);
    // Settings changed in the source (emoji, hidden): the page is written anew, its text kept.
    expect(pages.get('1')).toMatchObject({
      title: 'Titre 1',
      body: 'corps-1',
      emoji: '1f4d8',
      hidden: true,
      updatedAt: now,
    });
    expect(pages.get('1')?.loaded).toBeUndefined();
    // Unchanged: the stored page object is reused as it is.
    expect(pages.get('2')).toMatchObject({ title: 'Titre 2', body: 'corps-2', loaded: stored });
    expect(pages.get('2')?.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    // Translated now, new in the result.
    expect(pages.get('3')).toMatchObject({
      title: 'Frais',
      description: 'Neuf',
      body: 'corps-3',
      createdAt: now,
      updatedAt: now,
    });
  });

  it('keeps the source text of a page the result lost meanwhile, until the next run', () => {
    const pages = assembleResultPages({
      source: indexOf(page('1')),
      translated: new Map(),
      result: indexOf(),
      now,
    });
    expect(pages.get('1')).toMatchObject({ title: 'Title 1', body: 'body-1', createdAt: now });
  });
});

describe('wordsIn', () => {
  it('counts words, not tags or character references, in languages with and without spaces', () => {
    expect(wordsIn(['Run <code id="1"></code> and <a id="2">open the docs</a> &amp; more'], 'en')).toBe(6);
    expect(wordsIn(['Title', ''], 'en')).toBe(1);
    expect(wordsIn(['これは日本語の文です'], 'ja')).toBeGreaterThan(2);
  });
});
