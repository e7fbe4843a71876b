/**
 * The actions menu of an item of a site's structure: edit it, move it up or down among its
 * siblings (the keyboard's way to do what dragging does), delete it.
 */
import { DropdownMenu } from 'radix-ui';
import '../ui/row-actions.css';

export function StructureItemActions({
  title,
  canMoveUp,
  canMoveDown,
  onEdit,
  onMoveUp,
  onMoveDown,
  onDelete,
}: {
  title: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onEdit?: (() => void) | undefined;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onDelete?: (() => void) | undefined;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="row-actions" aria-label={`Actions for ${title}`}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {onEdit && (
            <DropdownMenu.Item className="menu-item" onSelect={onEdit}>
              Edit…
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu-item" disabled={!canMoveUp} onSelect={onMoveUp}>
            Move up
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" disabled={!canMoveDown} onSelect={onMoveDown}>
            Move down
          </DropdownMenu.Item>
          {onDelete && (
            <>
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Item className="menu-item menu-item-danger" onSelect={onDelete}>
                Delete…
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
