/**
 * A Git Sync import replacing a revision's pages (`addImportedContent` with `idFor`, then
 * `keepUnchangedPages`): pages at the same place keep their ids, unchanged ones their stored
 * objects, so importing what the space holds makes the same tree.
 */
import { describe, expect, it } from 'vitest';
import { addImportedContent, type ImportedContent, indexPages, type StoredPages } from '../src';
import { keepUnchangedPages } from '../src/git-sync/kept-pages';

const content = (guideBody: string): ImportedContent => ({
  pages: [
    {
      ref: 'readme',
      title: 'Welcome',
      markdown: 'Hello, see [the guide](quire-import:page/guide).',
      description: 'Start here',
      hidden: false,
      children: [],
    },
    {
      ref: 'guide',
      title: 'Guide',
      markdown: guideBody,
      hidden: true,
      children: [{ ref: 'install', title: 'Install', markdown: 'Run it.', children: [] }],
    },
  ],
  files: [],
  totalResources: 3,
  importedResources: 3,
});

let next = 0;
const env = (pages?: StoredPages) => {
  const byPlace = new Map(
    [...(pages?.values() ?? [])].map((page) => [`${page.parentId}/${page.slug}`, page.id]),
  );
  return {
    now: `2026-01-0${(next % 9) + 1}T00:00:00.000Z`,
    newId: () => `id${next++}`,
    idFor: (parentId: string | null, slug: string) => byPlace.get(`${parentId}/${slug}`),
  };
};

/** The pages as a store gives them back: each with the address it was read with. */
const stored = (pages: StoredPages): StoredPages =>
  new Map(
    [...pages].map(([id, page]) => [id, { ...page, loaded: { address: `page-${id}`, children: null } }]),
  );

describe('a Git Sync import replacing the pages', () => {
  const first = stored(addImportedContent(new Map(), content('Read me.'), env()).pages);
  const previous = indexPages('tree', first);

  it('keeps every page (ids, dates, keys, stored objects) when the repository holds the same', () => {
    const again = addImportedContent(new Map(), content('Read me.'), env(first)).pages;
    const kept = keepUnchangedPages(again, previous);
    expect([...kept.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [id, page] of kept) expect(page).toEqual(first.get(id));
  });

  it('writes anew only the page that changed, keeping its id, creation date and place', () => {
    const changed = addImportedContent(new Map(), content('Read me twice.'), env(first)).pages;
    const kept = keepUnchangedPages(changed, previous);
    const guide = [...kept.values()].find((page) => page.title === 'Guide');
    const old = [...first.values()].find((page) => page.title === 'Guide');
    expect(guide?.id).toBe(old?.id);
    expect(guide?.loaded).toBeUndefined();
    expect(guide?.createdAt).toBe(old?.createdAt);
    expect(guide?.position).toBe(old?.position);
    expect([...kept.values()].filter((page) => page.loaded === undefined)).toHaveLength(1);
    // Settings from the front matter travel with the page.
    expect(guide?.hidden).toBe(true);
    expect([...kept.values()].find((page) => page.title === 'Welcome')?.description).toBe('Start here');
  });
});
