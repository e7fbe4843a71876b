/**
 * The actions menu of an item of the organization's tree: rename, "Move to…" (the keyboard's
 * way to do what dragging does) and delete, each confirmed in a dialog where it needs one. A
 * deleted space is remembered for the "Recently deleted" list, where it can be restored.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useTRPC } from '../api/trpc';
import type { MoveDestination, TreeItemRef } from './content-moves';
import type { CollectionNode, ContentTree } from './content-tree';
import type { Collection, Space } from './content-tree-types';
import '../management/management.css';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TitleDialog } from '../ui/title-dialog';
import '../ui/row-actions.css';

type Tree = ContentTree<Collection, Space>;
type Node = CollectionNode<Collection, Space>;

/** Every collection of the tree, depth first, with its depth (for the "Move to…" menu). */
function collectionsOf(nodes: readonly Node[], depth = 0): Array<{ collection: Collection; depth: number }> {
  return nodes.flatMap((node) => [
    { collection: node.collection, depth },
    ...collectionsOf(node.collections, depth + 1),
  ]);
}

/** The spaces in a collection and in all its sub-collections. */
function spacesUnder(nodes: readonly Node[], collectionId: string): Space[] {
  const all = (node: Node): Space[] => [...node.spaces, ...node.collections.flatMap(all)];
  for (const node of nodes) {
    if (node.collection.id === collectionId) return all(node);
    const found = spacesUnder(node.collections, collectionId);
    if (found.length > 0) return found;
  }
  return [];
}

export function TreeItemActions({
  item,
  title,
  tree,
  onMove,
}: {
  item: TreeItemRef;
  title: string;
  tree: Tree;
  onMove: (destination: MoveDestination) => void;
}) {
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const destinations = collectionsOf(tree.collections).filter(({ collection }) => collection.id !== item.id);
  const here = item.parent ?? null;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="row-actions" aria-label={`Actions for ${title}`}>
          <span aria-hidden="true">⋯</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
            <DropdownMenu.Item className="menu-item" onSelect={() => setDialog('rename')}>
              Rename…
            </DropdownMenu.Item>
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="menu-item menu-sub-trigger">
                Move to…
                <span aria-hidden="true">▸</span>
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="menu" sideOffset={2}>
                  <DropdownMenu.Item
                    className="menu-item"
                    disabled={here === null}
                    onSelect={() => onMove(null)}
                  >
                    Top level
                  </DropdownMenu.Item>
                  {destinations.map(({ collection, depth }) => (
                    <DropdownMenu.Item
                      key={collection.id}
                      className="menu-item"
                      disabled={here === collection.id}
                      style={{ paddingInlineStart: `${0.75 + depth}rem` }}
                      onSelect={() => onMove(collection.id)}
                    >
                      {collection.title}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item menu-item-danger" onSelect={() => setDialog('delete')}>
              Delete…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog === 'rename' && <RenameDialog item={item} title={title} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteDialog
          item={item}
          title={title}
          spacesInside={item.kind === 'collection' ? spacesUnder(tree.collections, item.id) : []}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

function useRefreshTree() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.collections.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.listDeleted.queryKey() });
  };
}

function RenameDialog({ item, title, onClose }: { item: TreeItemRef; title: string; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshTree();
  const onSuccess = async () => {
    await refresh();
    onClose();
  };
  const renameSpace = useMutation(trpc.spaces.update.mutationOptions({ onSuccess }));
  const renameCollection = useMutation(trpc.collections.update.mutationOptions({ onSuccess }));
  const mutation = item.kind === 'space' ? renameSpace : renameCollection;
  return (
    <TitleDialog
      open
      onOpenChange={(open) => !open && onClose()}
      heading={`Rename ${item.kind}`}
      description={`The new title of ${title}.`}
      initialTitle={title}
      submitLabel="Rename"
      pending={mutation.isPending}
      error={mutation.error}
      onSubmit={(value) => {
        if (item.kind === 'space') renameSpace.mutate({ spaceId: item.id, title: value });
        else renameCollection.mutate({ collectionId: item.id, title: value });
      }}
    />
  );
}

function DeleteDialog({
  item,
  title,
  spacesInside,
  onClose,
}: {
  item: TreeItemRef;
  title: string;
  spacesInside: readonly Space[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshTree();
  const onSuccess = async () => {
    await refresh();
    onClose();
  };
  const removeSpace = useMutation(trpc.spaces.remove.mutationOptions({ onSuccess }));
  const removeCollection = useMutation(trpc.collections.remove.mutationOptions({ onSuccess }));
  const mutation = item.kind === 'space' ? removeSpace : removeCollection;
  return (
    <ConfirmDialog
      onClose={onClose}
      heading={`Delete ${title}?`}
      description={
        item.kind === 'space'
          ? 'The space can be restored for 7 days from “Recently deleted”.'
          : `The collection and its sub-collections are deleted for good; ${
              spacesInside.length === 0
                ? 'it holds no space.'
                : `its ${spacesInside.length} space(s) can be restored for 7 days from “Recently deleted”.`
            }`
      }
      confirmLabel="Delete"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (item.kind === 'space') removeSpace.mutate({ spaceId: item.id });
        else removeCollection.mutate({ collectionId: item.id });
      }}
    />
  );
}
