/**
 * What can be done to a page of the tree, once, for its two menus: the tree's context menu
 * (right click, Shift+F10, a long press) and the page's own "Page actions" button. Moves are
 * here too, the keyboard's and the menu's way to do what dragging does.
 */
import { ContextMenu, DropdownMenu } from 'radix-ui';
import type { TreePage } from '../content/page-tree-rows';
import type { PageEditing } from './page-editing';
import { type KeyMove, placeOfKey } from './page-places';
import '../ui/row-actions.css';

interface Action {
  label: string;
  run: () => void;
  disabled?: boolean;
  danger?: boolean;
}

const MOVE_LABELS: ReadonlyArray<[KeyMove, string]> = [
  ['up', 'Move up'],
  ['down', 'Move down'],
  ['indent', 'Move into the page above'],
  ['outdent', 'Move out of its parent'],
];

export function pageActions(editing: PageEditing, page: TreePage): Action[][] {
  const type = page.type ?? 'document';
  const pages = editing.pages ?? [];
  return [
    [
      ...(type !== 'link'
        ? [
            {
              label: 'Add a page inside',
              run: () => editing.open({ kind: 'new', type: 'document', into: page }),
            },
          ]
        : []),
      { label: 'Settings (title, icon, description)…', run: () => editing.open({ kind: 'settings', page }) },
      ...(type === 'document' ? [{ label: 'Cover…', run: () => editing.open({ kind: 'cover', page }) }] : []),
      { label: 'Duplicate', run: () => editing.duplicate(page) },
      page.hidden
        ? { label: 'Show in the navigation', run: () => editing.setHidden(page, false) }
        : { label: 'Hide from the navigation', run: () => editing.setHidden(page, true) },
    ],
    MOVE_LABELS.map(([move, label]) => {
      const place = placeOfKey(pages, page.id, move);
      return { label, disabled: place === null, run: () => place && editing.move(page, place) };
    }),
    [{ label: 'Delete…', danger: true, run: () => editing.open({ kind: 'delete', page }) }],
  ];
}

export function ContextMenuItems({ editing, page }: { editing: PageEditing; page: TreePage }) {
  return pageActions(editing, page).map((group, index) => (
    <ContextMenu.Group key={group[0]?.label ?? index}>
      {index > 0 && <ContextMenu.Separator className="menu-separator" />}
      {group.map((action) => (
        <ContextMenu.Item
          key={action.label}
          className={action.danger ? 'menu-item menu-item-danger' : 'menu-item'}
          disabled={action.disabled ?? false}
          onSelect={action.run}
        >
          {action.label}
        </ContextMenu.Item>
      ))}
    </ContextMenu.Group>
  ));
}

/** The page's own menu, beside its title. */
export function PageActionsMenu({ editing, page }: { editing: PageEditing; page: TreePage }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button" aria-label={`Page actions for ${page.title || 'the page'}`}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {pageActions(editing, page).map((group, index) => (
            <DropdownMenu.Group key={group[0]?.label ?? index}>
              {index > 0 && <DropdownMenu.Separator className="menu-separator" />}
              {group.map((action) => (
                <DropdownMenu.Item
                  key={action.label}
                  className={action.danger ? 'menu-item menu-item-danger' : 'menu-item'}
                  disabled={action.disabled ?? false}
                  onSelect={action.run}
                >
                  {action.label}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
