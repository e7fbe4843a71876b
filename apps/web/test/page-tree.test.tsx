/**
 * A space's page tree: rows from the nested pages (collapsed pages' subpages left out), and
 * in the sidebar only the rows on screen exist, even for 5,000 pages; the arrow keys move
 * between rows and open and close them.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ancestorIdsOf, firstDocumentPath, pageRowsOf, type TreePage } from '../src/content/page-tree-rows';
import { renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

const leaf = (id: string, path: string): TreePage => ({ id, title: id, path, pages: [] });
const PAGES: TreePage[] = [
  {
    id: 'a',
    title: 'A',
    path: 'a',
    pages: [leaf('a1', 'a/a1'), { id: 'a2', title: 'A2', path: 'a/a2', pages: [leaf('a2x', 'a/a2/x')] }],
  },
  leaf('b', 'b'),
];

describe('page rows', () => {
  it('lists pages depth first with their level, parent row and place among siblings', () => {
    const rows = pageRowsOf(PAGES, new Set());
    expect(
      rows.map((row) => [row.page.id, row.level, row.parentRow, row.position, row.siblings, row.expanded]),
    ).toEqual([
      ['a', 1, -1, 1, 2, true],
      ['a1', 2, 0, 1, 2, false],
      ['a2', 2, 0, 2, 2, true],
      ['a2x', 3, 2, 1, 1, false],
      ['b', 1, -1, 2, 2, false],
    ]);
  });

  it("leaves out a collapsed page's subpages", () => {
    expect(pageRowsOf(PAGES, new Set(['a2'])).map((row) => row.page.id)).toEqual(['a', 'a1', 'a2', 'b']);
    expect(pageRowsOf(PAGES, new Set(['a'])).map((row) => row.page.id)).toEqual(['a', 'b']);
  });

  it('names the ancestors of a page by its path', () => {
    expect(ancestorIdsOf(PAGES, 'a/a2/x')).toEqual(['a', 'a2']);
    expect(ancestorIdsOf(PAGES, 'b')).toEqual([]);
    expect(ancestorIdsOf(PAGES, 'nowhere')).toEqual([]);
  });

  it('handles a tree 5,000 pages deep', () => {
    let deepest: TreePage = leaf('p4999', 'x');
    for (let i = 4998; i >= 0; i--) deepest = { id: `p${i}`, title: `P${i}`, path: 'x', pages: [deepest] };
    const rows = pageRowsOf([deepest], new Set());
    expect(rows).toHaveLength(5000);
    expect(rows[4999]!.level).toBe(5000);
  });
});

describe('the sidebar of a space of 5,000 pages', () => {
  // jsdom lays nothing out: every box is 280 by 800 pixels (and scrolling does nothing).
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
    Element.prototype.scrollTo = () => {};
  });
  afterAll(() => vi.restoreAllMocks());

  const pages = Array.from({ length: 5000 }, (_, i) => leaf(`page-${i}`, `page-${i}`));

  it('renders only the rows in view, each telling its place among all 5,000', async () => {
    renderApp('/o/org-acme/s/space-1', {
      'session.current': () => SESSION,
      'orgs.get': () => ACME,
      'orgs.list': () => page([ACME]),
      'spaces.get': () => ({ id: 'space-1', title: 'Big', emoji: '', changeRequestsOpen: 0 }),
      'spaces.content.pages.list': () => ({ pages }),
      'spaces.content.page.get': () => ({ ...pages[0], markdown: 'The first page.', pages: [] }),
      'spaces.comments.list': () => page([]),
    });
    const tree = await screen.findByRole('tree', { name: 'Pages' });
    await within(tree).findByRole('treeitem', { name: 'page-0' });
    const rendered = within(tree).getAllByRole('treeitem');
    expect(rendered.length).toBeGreaterThan(20);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '5000');
    expect(rendered[0]).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('The first page.')).toBeInTheDocument();

    const user = userEvent.setup();
    rendered[0]!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('page-1');
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .filter((row) => row.tabIndex === 0),
    ).toHaveLength(1);
  });
});

describe('group and link pages in the sidebar (GitBook page groups)', () => {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(280);
    Element.prototype.scrollTo = () => {};
  });
  afterAll(() => vi.restoreAllMocks());

  const pages: TreePage[] = [
    {
      id: 'g',
      title: 'Guides',
      path: 'guides',
      type: 'group',
      pages: [
        { ...leaf('install', 'guides/install'), title: 'Install', type: 'document' },
        {
          ...leaf('status', 'guides/status'),
          title: 'Status',
          type: 'link',
          href: 'https://status.example.com/',
        },
        { ...leaf('evil', 'guides/evil'), title: 'Evil', type: 'link', href: 'javascript:alert(1)' },
      ],
    },
  ];

  it('opens a space on its first document, not on a group', () => {
    expect(firstDocumentPath(pages)).toBe('guides/install');
    expect(firstDocumentPath([{ ...leaf('l', 'l'), type: 'link' }])).toBeUndefined();
  });

  it('shows a group as a heading row over its pages, and a link row leading to its http address only', async () => {
    renderApp('/o/org-acme/s/space-1/guides/install', {
      'session.current': () => SESSION,
      'orgs.get': () => ACME,
      'orgs.list': () => page([ACME]),
      'spaces.get': () => ({ id: 'space-1', title: 'Docs', emoji: '', changeRequestsOpen: 0 }),
      'spaces.content.pages.list': () => ({ pages }),
      'spaces.content.path.get': () => ({ ...pages[0]!.pages[0], markdown: 'Run it.', pages: [] }),
      'spaces.content.page.get': () => ({ ...pages[0]!.pages[0], markdown: 'Run it.', pages: [] }),
      'spaces.comments.list': () => page([]),
    });
    const tree = await screen.findByRole('tree', { name: 'Pages' });
    const group = await within(tree).findByRole('treeitem', { name: 'Guides' });
    expect(group.tagName).toBe('DIV');
    expect(group).toHaveClass('page-tree-group');
    expect(group).not.toHaveAttribute('href');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    const install = within(tree).getByRole('treeitem', { name: 'Install' });
    expect(install).toHaveAttribute('aria-level', '2');
    expect(install).toHaveAttribute('aria-current', 'page');
    expect(within(tree).getByRole('treeitem', { name: /Status/ })).toHaveAttribute(
      'href',
      'https://status.example.com/',
    );
    expect(within(tree).getByRole('treeitem', { name: /Evil/ })).not.toHaveAttribute('href');

    // A group closes and opens with the keys like any row with pages.
    const user = userEvent.setup();
    group.focus();
    await user.keyboard('{ArrowLeft}');
    expect(within(tree).queryByRole('treeitem', { name: 'Install' })).toBeNull();
  });
});
