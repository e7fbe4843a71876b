/** @jsxRuntime automatic @jsxImportSource react (the JSX transform whatever tsconfig a tool reads: tsx, esbuild, vitest) */
/**
 * The sidebar's page tree: the site space's pages not hidden, groups always open, a document
 * page's subpages shown only on the branch of the page read (`currentPageId`), link pages as
 * their target when it is a safe address, else as text.
 *
 * With no page open (the not-found, search and answer pages) the tree is the same for every
 * request of a site space's revision at a base path: `renderClosedTree` renders it once as
 * HTML, which the server keeps (`reader-trees.ts`) and the layout shows as it is (`treeHtml`),
 * so such a page costs no render of a tree of thousands of pages.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { PageMark } from './page-mark';
import type { ReaderTreePage } from './reader-model';
import { safeHref } from './safe-url';

export interface PageTreeProps {
  tree: readonly ReaderTreePage[];
  treeHref(page: ReaderTreePage): string;
  /** The page read: its branch opens. */
  currentPageId?: string | undefined;
}

/** Whether `pageId` is this page or under it. */
function holds(page: ReaderTreePage, pageId: string | undefined, depth = 0): boolean {
  if (pageId === undefined || depth > 64) return false;
  return page.id === pageId || page.pages.some((child) => holds(child, pageId, depth + 1));
}

function TreeList({
  pages,
  props,
  depth,
}: {
  pages: readonly ReaderTreePage[];
  props: PageTreeProps;
  depth: number;
}) {
  const shown = pages.filter((page) => !page.hidden);
  if (shown.length === 0 || depth > 32) return null;
  return (
    <ul>
      {shown.map((page) => {
        if (page.type === 'group')
          return (
            <li key={page.id} className="tree-group">
              <span className="tree-group-title">{page.title}</span>
              <TreeList pages={page.pages} props={props} depth={depth + 1} />
            </li>
          );
        if (page.type === 'link') {
          const href = safeHref(page.href);
          return <li key={page.id}>{href ? <a href={href}>{page.title}</a> : <span>{page.title}</span>}</li>;
        }
        const current = page.id === props.currentPageId;
        const open = holds(page, props.currentPageId);
        const hasChildren = page.pages.some((child) => !child.hidden);
        return (
          <li
            key={page.id}
            className={hasChildren ? (open ? 'has-children open' : 'has-children') : undefined}
          >
            <a href={props.treeHref(page)} aria-current={current ? 'page' : undefined}>
              <PageMark page={page} />
              {page.title}
            </a>
            {open ? <TreeList pages={page.pages} props={props} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function PageTree(props: PageTreeProps) {
  return <TreeList pages={props.tree} props={props} depth={0} />;
}

/** The tree with no page open, as HTML (every text and attribute escaped by React). */
export function renderClosedTree(
  tree: readonly ReaderTreePage[],
  treeHref: PageTreeProps['treeHref'],
): string {
  return renderToStaticMarkup(<PageTree tree={tree} treeHref={treeHref} />);
}
