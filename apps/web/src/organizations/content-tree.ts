/**
 * The organization's collections and spaces as one tree: each collection with its
 * sub-collections and spaces, in the order the server listed them; the top level last.
 */
export interface CollectionLike {
  id: string;
  title: string;
  parent?: string | undefined;
}

export interface SpaceLike {
  id: string;
  title: string;
  emoji: string;
  parent?: string | undefined;
}

export interface CollectionNode<C extends CollectionLike, S extends SpaceLike> {
  collection: C;
  collections: CollectionNode<C, S>[];
  spaces: S[];
}

export interface ContentTree<C extends CollectionLike, S extends SpaceLike> {
  collections: CollectionNode<C, S>[];
  spaces: S[];
}

export function contentTreeOf<C extends CollectionLike, S extends SpaceLike>(
  collections: readonly C[],
  spaces: readonly S[],
): ContentTree<C, S> {
  const nodes = new Map(
    collections.map((collection) => [
      collection.id,
      { collection, collections: [], spaces: [] } as CollectionNode<C, S>,
    ]),
  );
  const tree: ContentTree<C, S> = { collections: [], spaces: [] };
  for (const node of nodes.values()) {
    const parent = node.collection.parent === undefined ? undefined : nodes.get(node.collection.parent);
    // A parent the caller cannot see (or a cycle's member) leaves the collection at the top level.
    (parent ?? tree).collections.push(node);
  }
  for (const space of spaces) {
    const parent = space.parent === undefined ? undefined : nodes.get(space.parent);
    (parent ?? tree).spaces.push(space);
  }
  return tree;
}
