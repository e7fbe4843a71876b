/**
 * A space's pages in the sidebar: a tree (WAI-ARIA's navigation tree view: each page a
 * link with role treeitem), virtualized so that only the rows on screen exist in the page,
 * which keeps a space of thousands of pages smooth. One row takes the tab stop; the arrow
 * keys move between rows, open and close pages with subpages; Home and End go to the ends.
 * A group page (GitBook's page group) is a heading row over its pages, a link page a link to
 * its address.
 *
 * Editable (`editing`), a row is dragged by its handle and dropped before, after or into
 * another row (its top quarter, bottom quarter, middle); from the keyboard, Alt with the
 * arrows moves the focused page up, down, into the page above or out of its parent, F2
 * opens its settings, Delete deletes it, and the context menu (right click, Shift+F10, a
 * long press) holds every action. What a move means is `pages/page-places.ts`'s.
 */
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ContextMenu } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { DropPosition, KeyMove } from '../pages/page-places';
import { PageIcon } from './page-icon';
import { ancestorIdsOf, type PageRow, pageRowsOf, type TreePage } from './page-tree-rows';
import '../ui/drag-handle.css';

const ROW_HEIGHT = 32;

/** A link page's address when it is http(s): nothing else (a script's `javascript:`) becomes a link. */
function safeLinkHref(href: string | undefined): string | undefined {
  return href !== undefined && /^https?:\/\//i.test(href) ? href : undefined;
}

/** What an editable tree does with the pointer and the keys; the tree only reports them. */
export interface TreeEditing {
  drop: (page: TreePage, target: TreePage, position: DropPosition) => void;
  keyMove: (page: TreePage, move: KeyMove) => void;
  settings: (page: TreePage) => void;
  remove: (page: TreePage) => void;
  /** The items of a page's context menu (`ContextMenu.Item`s). */
  menu: (page: TreePage) => ReactNode;
}

/** Where a row leads, when not the space's page route (a change request's own pages). */
export type RowLink = (path: string) => { to: string; params: Record<string, string> };

export function PageTree({
  pages,
  organizationId,
  spaceId,
  currentPath,
  editing,
  rowLink,
}: {
  pages: readonly TreePage[];
  organizationId: string;
  spaceId: string;
  /** The path of the page shown, if any. */
  currentPath: string | undefined;
  editing?: TreeEditing | undefined;
  rowLink?: RowLink | undefined;
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

  // A page moved from the keyboard keeps the focus at its new place, once the tree shows it there.
  const following = useRef<{ id: string; from: readonly TreePage[] } | null>(null);
  useEffect(() => {
    const follow = following.current;
    if (!follow || follow.from === pages) return;
    following.current = null;
    const row = rows.findIndex((candidate) => candidate.page.id === follow.id);
    if (row >= 0) focus(row);
  });

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

  /** The keys of an editable tree: Alt with an arrow moves the page, F2 and Delete. */
  const edit = (event: KeyboardEvent): boolean => {
    const row = rows[activeRow];
    if (!editing || !row) return false;
    const moves: Readonly<Record<string, KeyMove>> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowRight: 'indent',
      ArrowLeft: 'outdent',
    };
    const move = event.altKey ? moves[event.key] : undefined;
    if (move) {
      following.current = { id: row.page.id, from: pages };
      editing.keyMove(row.page, move);
      return true;
    }
    if (event.key === 'F2') editing.settings(row.page);
    else if (event.key === 'Delete') editing.remove(row.page);
    else return false;
    return true;
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
    if (edit(event) || (!event.altKey && act(event.key))) event.preventDefault();
  };

  // Dragging: the drop's place is where the pointer is on the row under it.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [dragged, setDragged] = useState<TreePage | null>(null);
  const [hint, setHint] = useState<{ id: string; position: DropPosition } | null>(null);
  const dropOf = (event: DragMoveEvent): { target: TreePage; position: DropPosition } | null => {
    const { over, activatorEvent, delta } = event;
    const target = (over?.data.current as { page?: TreePage } | undefined)?.page;
    if (!over || !target) return null;
    const y = (activatorEvent as PointerEvent).clientY + delta.y;
    const share = (y - over.rect.top) / Math.max(1, over.rect.height);
    const intoAllowed = (target.type ?? 'document') !== 'link';
    const position: DropPosition = intoAllowed
      ? share < 0.25
        ? 'before'
        : share > 0.75
          ? 'after'
          : 'inside'
      : share < 0.5
        ? 'before'
        : 'after';
    return { target, position };
  };
  const onDragMove = (event: DragMoveEvent) => {
    const drop = dropOf(event);
    setHint((before) =>
      drop === null
        ? null
        : before?.id === drop.target.id && before.position === drop.position
          ? before
          : { id: drop.target.id, position: drop.position },
    );
  };
  const onDragEnd = (event: DragEndEvent) => {
    const drop = dropOf(event);
    const page = (event.active.data.current as { page?: TreePage } | undefined)?.page;
    setDragged(null);
    setHint(null);
    if (drop && page && editing) editing.drop(page, drop.target, drop.position);
  };
  const [menuPage, setMenuPage] = useState<TreePage | null>(null);

  const tree = (
    <div
      role="tree"
      aria-label="Pages"
      aria-describedby={editing ? 'page-tree-keys' : undefined}
      className="page-tree"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index]!;
        return (
          <TreeRow
            key={row.page.id}
            row={row}
            index={item.index}
            start={item.start}
            tabbable={item.index === activeRow}
            current={item.index === currentRow}
            draggable={editing !== undefined}
            hint={hint?.id === row.page.id ? hint.position : undefined}
            organizationId={organizationId}
            spaceId={spaceId}
            rowLink={rowLink}
            onFocus={() => setFocusRow(item.index)}
            onToggle={() => toggle(row.page.id, !row.expanded)}
            onMenu={() => setMenuPage(row.page)}
          />
        );
      })}
    </div>
  );

  return (
    <div ref={scroller} className="page-tree-scroller">
      {editing ? (
        <DndContext
          sensors={sensors}
          collisionDetection={pointerWithin}
          onDragStart={(event) =>
            setDragged((event.active.data.current as { page?: TreePage } | undefined)?.page ?? null)
          }
          onDragMove={onDragMove}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            setDragged(null);
            setHint(null);
          }}
          accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: INSTRUCTIONS }}
        >
          <p id="page-tree-keys" className="visually-hidden">
            Alt with the arrow keys moves a page; F2 opens its settings; Delete deletes it; Shift+F10 opens
            its actions.
          </p>
          <ContextMenu.Root onOpenChange={(open) => !open && setMenuPage(null)}>
            <ContextMenu.Trigger asChild>{tree}</ContextMenu.Trigger>
            <ContextMenu.Portal>
              <ContextMenu.Content
                className="menu"
                aria-label={`Actions for ${menuPage?.title || 'the page'}`}
              >
                {menuPage && editing.menu(menuPage)}
              </ContextMenu.Content>
            </ContextMenu.Portal>
          </ContextMenu.Root>
          <DragOverlay dropAnimation={null}>
            {dragged && <div className="page-tree-drag">{dragged.title || 'Untitled'}</div>}
          </DragOverlay>
        </DndContext>
      ) : (
        tree
      )}
    </div>
  );
}

const titleOf = (data: unknown): string =>
  (data as { page?: TreePage } | undefined)?.page?.title || 'the page';
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} is over ${titleOf(over.data.current)}.` : undefined,
  onDragEnd: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} was dropped on ${titleOf(over.data.current)}.` : undefined,
  onDragCancel: ({ active }) => `Moving ${titleOf(active.data.current)} was cancelled.`,
};
const INSTRUCTIONS = {
  draggable: 'To move a page from the keyboard, focus it in the tree and press Alt with an arrow key.',
};

function TreeRow({
  row,
  index,
  start,
  tabbable,
  current,
  draggable,
  hint,
  organizationId,
  spaceId,
  rowLink,
  onFocus,
  onToggle,
  onMenu,
}: {
  row: PageRow;
  index: number;
  start: number;
  tabbable: boolean;
  current: boolean;
  draggable: boolean;
  hint: DropPosition | undefined;
  organizationId: string;
  spaceId: string;
  rowLink: RowLink | undefined;
  onFocus: () => void;
  onToggle: () => void;
  onMenu: () => void;
}) {
  const { page } = row;
  const drop = useDroppable({ id: page.id, data: { page }, disabled: !draggable });
  const drag = useDraggable({ id: page.id, data: { page }, disabled: !draggable });
  const hasChildren = page.pages.length > 0;
  const rowProps = {
    ref: drop.setNodeRef,
    role: 'treeitem',
    'data-row': index,
    'data-page-id': page.id,
    'aria-level': row.level,
    'aria-posinset': row.position,
    'aria-setsize': row.siblings,
    'aria-expanded': hasChildren ? row.expanded : undefined,
    tabIndex: tabbable ? 0 : -1,
    style: {
      transform: `translateY(${start}px)`,
      paddingInlineStart: 8 + (row.level - 1) * 16,
    },
    onFocus,
    onContextMenu: onMenu,
  } as const;
  const hintClass = hint ? ` drop-${hint}` : '';
  const inside = (
    <>
      {draggable && (
        <span
          ref={drag.setActivatorNodeRef}
          {...drag.listeners}
          className="drag-handle page-tree-handle"
          data-drag-id={page.id}
          aria-hidden="true"
          title={`Drag ${page.title || 'the page'}`}
          // The handle is in the row's link: a click on it opens nothing.
          onClick={(event) => event.preventDefault()}
        >
          ⋮⋮
        </span>
      )}
      {/* A pointer's way to open and close; keyboards use the arrow keys on the row. */}
      <span
        className={hasChildren ? 'page-tree-toggle' : 'page-tree-toggle empty'}
        aria-hidden="true"
        onClick={(event) => {
          if (!hasChildren) return;
          event.preventDefault();
          event.stopPropagation();
          onToggle();
        }}
      >
        {hasChildren ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <PageIcon emoji={page.emoji} icon={page.icon} emojiClass="page-tree-emoji" />
      <span ref={drag.setNodeRef} className="page-tree-title">
        {page.title || 'Untitled'}
      </span>
      {page.hidden && (
        <span className="page-tree-hidden" title="Hidden from the navigation">
          <span aria-hidden="true">⊘</span>
          <span className="visually-hidden"> (hidden)</span>
        </span>
      )}
    </>
  );
  // A group is a heading over its pages (GitBook's page group): no page to open.
  if (page.type === 'group')
    return (
      <div {...rowProps} className={`page-tree-row page-tree-group${hintClass}`}>
        {inside}
      </div>
    );
  if (page.type === 'link') {
    const href = safeLinkHref(page.href);
    return (
      <a
        {...rowProps}
        href={href}
        rel="noopener noreferrer"
        className={`page-tree-row page-tree-link${hintClass}`}
      >
        {inside}
        <span className="page-tree-link-mark" aria-hidden="true">
          ↗
        </span>
      </a>
    );
  }
  const to = rowLink
    ? rowLink(page.path)
    : { to: '/o/$organizationId/s/$spaceId/$', params: { organizationId, spaceId, _splat: page.path } };
  return (
    <Link
      {...(to as {
        to: '/o/$organizationId/s/$spaceId/$';
        params: { organizationId: string; spaceId: string; _splat: string };
      })}
      {...rowProps}
      aria-current={current ? 'page' : undefined}
      aria-selected={current}
      className={`page-tree-row${hintClass}`}
    >
      {inside}
    </Link>
  );
}
