/**
 * A list of siblings of a site's structure reordered by dragging a row by its handle (dnd-kit
 * sortable). Each list has its own drag context: an item is dragged among its siblings only,
 * as the structure sort allows. The keyboard path is the row's actions menu (Move up / Move
 * down), so the handle is hidden from assistive technologies.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import '../ui/drag-handle.css';

export interface DragHandleProps {
  ref: (element: HTMLElement | null) => void;
  listeners: ReturnType<typeof useSortable>['listeners'];
  id: string;
  title: string;
}

export function SortableList<Item extends { id: string; title: string }>({
  items,
  label,
  className,
  disabled,
  onMove,
  children,
}: {
  items: readonly Item[];
  label: string;
  className: string;
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  children: (item: Item, index: number, handle: DragHandleProps | null) => ReactNode;
}) {
  // A drag starts after the pointer moved a few pixels: a click on the handle is no drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const ids = items.map((item) => item.id);
  const titleOf = (id: string | number) => items.find((item) => item.id === id)?.title ?? 'the item';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over ${titleOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped at the place of ${titleOf(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className={className} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} title={item.title} disabled={disabled}>
              {(handle) => children(item, index, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

const INSTRUCTIONS = {
  draggable: 'To move an item from the keyboard, open its actions menu and choose Move up or Move down.',
};

function SortableRow({
  id,
  title,
  disabled,
  children,
}: {
  id: string;
  title: string;
  disabled: boolean;
  children: (handle: DragHandleProps | null) => ReactNode;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      className={`structure-item${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(disabled ? null : { ref: setActivatorNodeRef, listeners, id, title })}
    </li>
  );
}

/** The handle a row is dragged by (pointer only: the keyboard uses the actions menu). */
export function DragHandle({ handle }: { handle: DragHandleProps | null }) {
  if (!handle) return null;
  return (
    <span
      ref={handle.ref}
      {...handle.listeners}
      className="drag-handle"
      data-drag-id={handle.id}
      aria-hidden="true"
      title={`Drag ${handle.title}`}
    >
      ⋮⋮
    </span>
  );
}
