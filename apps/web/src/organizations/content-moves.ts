/**
 * Where an item of the organization's tree goes when it is dropped (or picked in "Move to…"):
 * the move operation to call and its input, or null when the item stays where it is (dropped
 * on its own parent, or on itself). Whether the move is allowed (a collection into its own
 * sub-collection, a parent the person may not create in) is the server's to say: its refusal
 * is shown as it comes.
 */
export interface TreeItemRef {
  kind: 'space' | 'collection';
  id: string;
  /** The collection the item is in; undefined at the top level. */
  parent?: string | undefined;
}

/** A collection, or null for the top level of the organization. */
export type MoveDestination = string | null;

export type TreeMove =
  | { operation: 'spaces.move'; input: { spaceId: string; parent: string | null } }
  | { operation: 'collections.move'; input: { collectionId: string; parent: string | null } };

export function moveOf(item: TreeItemRef, destination: MoveDestination): TreeMove | null {
  if ((item.parent ?? null) === destination) return null;
  if (item.kind === 'collection' && destination === item.id) return null;
  return item.kind === 'space'
    ? { operation: 'spaces.move', input: { spaceId: item.id, parent: destination } }
    : { operation: 'collections.move', input: { collectionId: item.id, parent: destination } };
}

/** The drag-and-drop ids of the tree: items are dragged, collections and the top level are drop zones. */
export const TOP_LEVEL_DROP = 'top-level';
export const dragIdOf = (item: Pick<TreeItemRef, 'kind' | 'id'>): string => [item.kind, item.id].join(':');
