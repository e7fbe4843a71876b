/**
 * The organization's collections and spaces as a tree a person can rearrange: drag an item
 * (by its handle) onto a collection or onto "Top level" to move it there, or, from the
 * keyboard, open its actions and pick "Move to…"; rename and delete from the same menu. Moves
 * go through `spaces.move` / `collections.move`; a refusal (a collection into itself, no right
 * to create there) is shown with the server's message.
 */
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { apiErrorOf } from '../api/api-error';
import { useTRPC } from '../api/trpc';
import { CollectionIcon, SpaceIcon } from '../ui/icons';
import { dragIdOf, type MoveDestination, moveOf, TOP_LEVEL_DROP, type TreeItemRef } from './content-moves';
import { type CollectionNode, type ContentTree, contentTreeOf } from './content-tree';
import type { Collection, Space } from './content-tree-types';
import { TreeItemActions } from './tree-item-actions';
import '../ui/drag-handle.css';
import './content-tree-editor.css';

interface DragData {
  item: TreeItemRef;
  title: string;
}

/** The tree's moves: one mutation per kind, the lists refreshed after each. */
export function useTreeMove() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.spaces.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.collections.list.queryKey() });
  };
  const moveSpace = useMutation(trpc.spaces.move.mutationOptions({ onSuccess: refresh }));
  const moveCollection = useMutation(trpc.collections.move.mutationOptions({ onSuccess: refresh }));
  return {
    /** Moves the item; resolves to false when it stays where it is. */
    move: async (item: TreeItemRef, destination: MoveDestination): Promise<boolean> => {
      const move = moveOf(item, destination);
      if (!move) return false;
      if (move.operation === 'spaces.move') await moveSpace.mutateAsync(move.input);
      else await moveCollection.mutateAsync(move.input);
      return true;
    },
    pending: moveSpace.isPending || moveCollection.isPending,
  };
}

export function ContentTreeEditor({
  organizationId,
  collections,
  spaces,
}: {
  organizationId: string;
  collections: readonly Collection[];
  spaces: readonly Space[];
}) {
  const tree = contentTreeOf(collections, spaces);
  const { move, pending } = useTreeMove();
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused'; message: string } | null>(null);
  // A drag starts after the pointer moved a few pixels: a click on the handle is no drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const titleOfCollection = (id: MoveDestination) =>
    id === null
      ? 'the top level'
      : (collections.find((collection) => collection.id === id)?.title ?? 'a collection');

  const moveTo = async (item: TreeItemRef, title: string, destination: MoveDestination) => {
    setOutcome(null);
    try {
      if (await move(item, destination))
        setOutcome({ kind: 'done', message: `Moved ${title} to ${titleOfCollection(destination)}.` });
    } catch (error) {
      setOutcome({ kind: 'refused', message: `${title} could not be moved: ${apiErrorOf(error).message}` });
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as DragData | undefined;
    if (!data || !over) return;
    const destination =
      over.id === TOP_LEVEL_DROP ? null : (over.data.current as { collection: string }).collection;
    void moveTo(data.item, data.title, destination);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: INSTRUCTIONS }}
    >
      <p className="muted tree-help">
        Drag an item by its handle onto a collection or onto “Top level” to move it, or use its actions menu.
      </p>
      <div aria-live="polite" className="tree-outcome-region">
        {outcome?.kind === 'done' && <p className="notice">{outcome.message}</p>}
      </div>
      {outcome?.kind === 'refused' && (
        <p className="form-error" role="alert">
          {outcome.message}
        </p>
      )}
      <TopLevelDrop busy={pending} />
      <ul className="content-tree" aria-label="Collections and spaces" aria-busy={pending}>
        {tree.collections.map((node) => (
          <CollectionItem
            key={node.collection.id}
            node={node}
            tree={tree}
            organizationId={organizationId}
            onMove={moveTo}
          />
        ))}
        {tree.spaces.map((space) => (
          <SpaceItem
            key={space.id}
            space={space}
            tree={tree}
            organizationId={organizationId}
            onMove={moveTo}
          />
        ))}
      </ul>
    </DndContext>
  );
}

/** What dnd-kit's live region says, by titles (not by its ids). */
const titleOf = (data: unknown): string => (data as { title?: string } | undefined)?.title ?? 'the item';
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up ${titleOf(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} is over ${titleOf(over.data.current)}.` : undefined,
  onDragEnd: ({ active, over }) =>
    over ? `${titleOf(active.data.current)} was dropped on ${titleOf(over.data.current)}.` : undefined,
  onDragCancel: ({ active }) => `Moving ${titleOf(active.data.current)} was cancelled.`,
};
const INSTRUCTIONS = {
  draggable: 'To move an item from the keyboard, open its actions menu and choose “Move to…”.',
};

type OnMove = (item: TreeItemRef, title: string, destination: MoveDestination) => Promise<void>;

function TopLevelDrop({ busy }: { busy: boolean }) {
  const { setNodeRef, isOver, active } = useDroppable({
    id: TOP_LEVEL_DROP,
    data: { title: 'the top level' },
  });
  if (!active && !busy) return null;
  return (
    <div
      ref={setNodeRef}
      data-drop-id={TOP_LEVEL_DROP}
      className={`tree-drop-top${isOver ? ' is-over' : ''}`}
    >
      Top level
    </div>
  );
}

/** A handle to drag an item with the pointer (the keyboard uses the item's "Move to…" menu). */
function DragHandle({ item, title }: { item: TreeItemRef; title: string }) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: dragIdOf(item),
    data: { item, title } satisfies DragData,
  });
  return (
    <span
      ref={setNodeRef}
      {...listeners}
      className={`drag-handle${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      data-drag-id={dragIdOf(item)}
      aria-hidden="true"
      title={`Drag ${title}`}
    >
      ⋮⋮
    </span>
  );
}

function CollectionItem({
  node,
  tree,
  organizationId,
  onMove,
}: {
  node: CollectionNode<Collection, Space>;
  tree: ContentTree<Collection, Space>;
  organizationId: string;
  onMove: OnMove;
}) {
  const { collection } = node;
  const { setNodeRef, isOver } = useDroppable({
    id: dragIdOf({ kind: 'collection', id: collection.id }),
    data: { collection: collection.id, title: collection.title },
  });
  const item: TreeItemRef = { kind: 'collection', id: collection.id, parent: collection.parent };
  const empty = node.collections.length === 0 && node.spaces.length === 0;
  return (
    <li className="tree-collection">
      <div
        ref={setNodeRef}
        data-drop-id={dragIdOf(item)}
        className={`tree-row tree-drop${isOver ? ' is-over' : ''}`}
      >
        <DragHandle item={item} title={collection.title} />
        <span className="tree-icon" aria-hidden="true">
          <CollectionIcon />
        </span>
        <span className="tree-title">{collection.title}</span>
        <TreeItemActions
          item={item}
          title={collection.title}
          tree={tree}
          onMove={(destination) => onMove(item, collection.title, destination)}
        />
      </div>
      <ul aria-label={`In ${collection.title}`}>
        {node.collections.map((child) => (
          <CollectionItem
            key={child.collection.id}
            node={child}
            tree={tree}
            organizationId={organizationId}
            onMove={onMove}
          />
        ))}
        {node.spaces.map((space) => (
          <SpaceItem
            key={space.id}
            space={space}
            tree={tree}
            organizationId={organizationId}
            onMove={onMove}
          />
        ))}
        {empty && <li className="muted tree-note">Empty collection</li>}
      </ul>
    </li>
  );
}

function SpaceItem({
  space,
  tree,
  organizationId,
  onMove,
}: {
  space: Space;
  tree: ContentTree<Collection, Space>;
  organizationId: string;
  onMove: OnMove;
}) {
  const title = space.title || 'Untitled space';
  const item: TreeItemRef = { kind: 'space', id: space.id, parent: space.parent };
  return (
    <li>
      <div className="tree-row tree-space-row">
        <DragHandle item={item} title={title} />
        <Link
          to="/o/$organizationId/s/$spaceId"
          params={{ organizationId, spaceId: space.id }}
          className="tree-link"
        >
          <span className="tree-icon" aria-hidden="true">
            {space.emoji || <SpaceIcon />}
          </span>
          <span className="tree-title">{title}</span>
          {space.changeRequestsOpen > 0 && (
            <span className="badge" title="Open change requests">
              {space.changeRequestsOpen} open
            </span>
          )}
        </Link>
        <TreeItemActions
          item={item}
          title={title}
          tree={tree}
          onMove={(destination) => onMove(item, title, destination)}
        />
      </div>
    </li>
  );
}
