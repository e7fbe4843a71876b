/**
 * The sidebar's page tree with its edits: a "New" menu (a page, a group, a link, a template
 * where edits go live) and the tree itself, draggable, with its keys and context menu, for
 * whoever may edit; read-only for the others. It shows the tree of the `PageEditingProvider`
 * around it: the space's, or a change request's.
 */
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { PageTree } from '../content/page-tree';
import { Empty, ErrorNotice, Loading } from '../ui/states';
import { ContextMenuItems } from './page-actions';
import { type PageEditing, usePageEditing } from './page-editing';
import { placeOfDrop, placeOfKey } from './page-places';
import { TemplateDialog } from './template-dialog';
import './pages.css';

export function EditablePageTree({ currentPath }: { currentPath: string | undefined }) {
  const editing = usePageEditing();
  if (!editing) return null;
  const { pages } = editing;
  return (
    <>
      {editing.canEdit && <NewPageMenu editing={editing} />}
      {editing.error && !pages ? (
        <ErrorNotice error={editing.error} />
      ) : !pages ? (
        <Loading label="Loading pages…" />
      ) : pages.length === 0 ? (
        <Empty title="No pages yet" />
      ) : (
        <PageTree
          pages={pages}
          organizationId={editing.organizationId}
          spaceId={editing.spaceId}
          currentPath={currentPath}
          rowLink={editing.source.kind === 'changeRequest' ? editing.pageLink : undefined}
          editing={
            editing.canEdit
              ? {
                  drop: (page, target, position) => {
                    const place = placeOfDrop(pages, page.id, target.id, position);
                    if (place) editing.move(page, place);
                  },
                  keyMove: (page, move) => {
                    const place = placeOfKey(pages, page.id, move);
                    if (place) editing.move(page, place);
                  },
                  settings: (page) => editing.open({ kind: 'settings', page }),
                  remove: (page) => editing.open({ kind: 'delete', page }),
                  menu: (page) => <ContextMenuItems editing={editing} page={page} />,
                }
              : undefined
          }
        />
      )}
    </>
  );
}

function NewPageMenu({ editing }: { editing: PageEditing }) {
  const [template, setTemplate] = useState(false);
  const live = editing.target.kind === 'live' && editing.source.kind === 'space';
  return (
    <div className="page-tree-toolbar">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="button page-tree-new" disabled={editing.pending}>
          <span aria-hidden="true">+</span> New
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="start" sideOffset={4}>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => editing.open({ kind: 'new', type: 'document', into: null })}
            >
              Page
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => editing.open({ kind: 'new', type: 'group', into: null })}
            >
              Group
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu-item"
              onSelect={() => editing.open({ kind: 'new', type: 'link', into: null })}
            >
              Link
            </DropdownMenu.Item>
            {live && (
              <DropdownMenu.Item className="menu-item" onSelect={() => setTemplate(true)}>
                From a template…
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span className="muted page-tree-where">{whereEditsGo(editing)}</span>
      {template && <TemplateDialog spaceId={editing.spaceId} onClose={() => setTemplate(false)} />}
    </div>
  );
}

/** Said beside "New": where the tree's edits are saved. */
export function whereEditsGo(editing: PageEditing): string {
  if (editing.source.kind === 'changeRequest')
    return `Edits go into change request #${editing.source.number}`;
  return editing.target.kind === 'live' ? 'Edits are live' : 'Edits go into a new change request';
}
