/**
 * A space's pages in the sidebar: a tree (WAI-ARIA's navigation tree view: each page a
 * link with role treeitem), virtualized so that only the rows on screen exist in the page,
 * which keeps a space of thousands of pages smooth. One row takes the tab stop; the arrow
 * keys move between rows, open and close pages with subpages; Home and End go to the ends.
 * A group page (GitBook's page group) is a heading row over its pages, a link page a link to
 * its address.
 */
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ancestorIdsOf, pageRowsOf, type TreePage } from './page-tree-rows';

const ROW_HEIGHT = 32;

/** A link page's address when it is http(s): nothing else (a script's `javascript:`) becomes a link. */
function safeLinkHref(href: string | undefined): string | undefined {
  return href !== undefined && /^https?:\/\//i.test(href) ? href : undefined;
}

export function PageTree({
  pages,
  organizationId,
  spaceId,
  currentPath,
}: {
  pages: readonly TreePage[];
  organizationId: string;
  spaceId: string;
  /** The path of the page shown, if any. */
  currentPath: string | undefined;
}) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const rows = useMemo(() => pageRowsOf(pages, collapsed), [pages, collapsed]);
  // Opening a page opens its ancestors, so that it is in view (they may be closed again).
  useEffect(() => {
    if (currentPath === undefined) return;
    const ancestors = ancestorIdsOf(pages, currentPath);
    setCollapsed((before) =>
      ancestors.some((id) => before.has(id))
        ? new Set([...before].filter((id) => !ancestors.includes(id)))
        : before,
    );
  }, [pages, currentPath]);
  const currentRow = rows.findIndex((row) => row.page.path === currentPath);
  const [focusRow, setFocusRow] = useState(Math.max(0, currentRow));
  const activeRow = Math.min(focusRow, rows.length - 1);
  const moveFocus = useRef(false);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 280, height: 800 },
  });

  // A page opened (not rows opened or closed) takes the tab stop and is scrolled into view.
  const shownPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (currentRow < 0 || shownPath.current === currentPath) return;
    shownPath.current = currentPath;
    setFocusRow(currentRow);
    virtualizer.scrollToIndex(currentRow, { align: 'auto' });
  }, [currentPath, currentRow, virtualizer]);

  // Focus follows the keys once the row exists: far rows appear only after scrolling there.
  useEffect(() => {
    if (!moveFocus.current) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-row="${activeRow}"]`);
    if (!row) return;
    moveFocus.current = false;
    row.focus();
  });

  const toggle = (id: string, open: boolean) =>
    setCollapsed((before) => {
      const after = new Set(before);
      if (open) after.delete(id);
      else after.add(id);
      return after;
    });

  const focus = (row: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, row));
    moveFocus.current = true;
    setFocusRow(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  /** What each key does to the tree; false: not a key of the tree. */
  const act = (key: string): boolean => {
    const row = rows[activeRow];
    if (!row) return false;
    const hasChildren = row.page.pages.length > 0;
    switch (key) {
      case 'ArrowDown':
        focus(activeRow + 1);
        return true;
      case 'ArrowUp':
        focus(activeRow - 1);
        return true;
      case 'Home':
        focus(0);
        return true;
      case 'End':
        focus(rows.length - 1);
        return true;
      case 'ArrowRight':
        if (hasChildren && !row.expanded) toggle(row.page.id, true);
        else if (row.expanded) focus(activeRow + 1);
        return true;
      case 'ArrowLeft':
        if (row.expanded) toggle(row.page.id, false);
        else if (row.parentRow >= 0) focus(row.parentRow);
        return true;
      default:
        return false;
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (act(event.key)) event.preventDefault();
  };

  return (
    <div ref={scroller} className="page-tree-scroller">
      <div
        role="tree"
        aria-label="Pages"
        className="page-tree"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const hasChildren = row.page.pages.length > 0;
          const rowProps = {
            role: 'treeitem',
            'data-row': item.index,
            'aria-level': row.level,
            'aria-posinset': row.position,
            'aria-setsize': row.siblings,
            'aria-expanded': hasChildren ? row.expanded : undefined,
            tabIndex: item.index === activeRow ? 0 : -1,
            style: {
              transform: `translateY(${item.start}px)`,
              paddingInlineStart: 8 + (row.level - 1) * 16,
            },
            onFocus: () => setFocusRow(item.index),
          } as const;
          const inside = (
            <>
              {/* A pointer's way to open and close; keyboards use the arrow keys on the row. */}
              <span
                className={hasChildren ? 'page-tree-toggle' : 'page-tree-toggle empty'}
                aria-hidden="true"
                onClick={(event) => {
                  if (!hasChildren) return;
                  event.preventDefault();
                  event.stopPropagation();
                  toggle(row.page.id, !row.expanded);
                }}
              >
                {hasChildren ? (row.expanded ? '▾' : '▸') : ''}
              </span>
              {row.page.emoji && (
                <span className="page-tree-emoji" aria-hidden="true">
                  {row.page.emoji}
                </span>
              )}
              <span className="page-tree-title">{row.page.title || 'Untitled'}</span>
            </>
          );
          // A group is a heading over its pages (GitBook's page group): no page to open.
          if (row.page.type === 'group')
            return (
              <div key={row.page.id} {...rowProps} className="page-tree-row page-tree-group">
                {inside}
              </div>
            );
          const href = row.page.type === 'link' ? safeLinkHref(row.page.href) : undefined;
          if (row.page.type === 'link')
            return (
              <a
                key={row.page.id}
                {...rowProps}
                href={href}
                rel="noopener noreferrer"
                className="page-tree-row page-tree-link"
              >
                {inside}
                <span className="page-tree-link-mark" aria-hidden="true">
                  ↗
                </span>
              </a>
            );
          return (
            <Link
              key={row.page.id}
              to="/o/$organizationId/s/$spaceId/$"
              params={{ organizationId, spaceId, _splat: row.page.path }}
              {...rowProps}
              aria-current={item.index === currentRow ? 'page' : undefined}
              aria-selected={item.index === currentRow}
              className="page-tree-row"
            >
              {inside}
            </Link>
          );
        })}
      </div>
    </div>
  );
}
