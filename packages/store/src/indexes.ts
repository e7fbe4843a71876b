/**
 * Index declarations: each repository declares its collection's indexes once, next to its
 * queries, and the application ensures them at startup on whichever engine is open.
 */
import type { Join, NestedPaths, WithId } from 'mongodb';
import type { Document, StoreDatabase } from './collection';

/** A field path of `T` (dotted for nested fields); any string when `T` is the generic `Document`. */
export type IndexFieldPath<T extends Document> = Join<NestedPaths<WithId<T>, []>, '.'>;

export interface IndexDeclaration<T extends Document = Document> {
  /** Fields in index order; the order of the keys is the order of the index. */
  key: { readonly [path in IndexFieldPath<T>]?: 1 | -1 };
  unique?: true;
  /** Defaults to the engine's generated name (`field_1_other_-1`). */
  name?: string;
}

export interface CollectionIndexes {
  readonly collectionName: string;
  readonly indexes: ReadonlyArray<Readonly<IndexDeclaration>>;
}

/**
 * Declares a collection's indexes. Mistakes that would only surface when the index is built
 * (an empty key, a name used twice) are rejected here, when the module loads.
 */
export function defineIndexes<T extends Document = Document>(
  collectionName: string,
  indexes: ReadonlyArray<IndexDeclaration<T>>,
): CollectionIndexes {
  const names = new Set<string>();
  const frozen = indexes.map((declaration) => {
    const fields = Object.keys(declaration.key);
    if (fields.length === 0) {
      throw new Error(`defineIndexes('${collectionName}'): an index needs at least one field`);
    }
    const name = declaration.name ?? defaultIndexName(declaration.key as Document);
    if (names.has(name)) {
      throw new Error(`defineIndexes('${collectionName}'): index '${name}' is declared twice`);
    }
    names.add(name);
    return Object.freeze({ ...declaration, key: Object.freeze({ ...declaration.key }) }) as IndexDeclaration;
  });
  return Object.freeze({ collectionName, indexes: Object.freeze(frozen) });
}

/** MongoDB's generated index name, e.g. `organizationId_1_createdAt_-1`. */
export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

/**
 * Creates every declared index (creating an existing identical index is a no-op on both
 * engines, so this runs at every startup). Collections are handled one after the other so
 * that a failure names the first index that could not be built. Returns the index names.
 */
export async function ensureIndexes(
  db: StoreDatabase,
  declarations: ReadonlyArray<CollectionIndexes>,
): Promise<string[]> {
  const created: string[] = [];
  for (const { collectionName, indexes } of declarations) {
    const collection = db.collection(collectionName);
    for (const index of indexes) {
      const options = {
        ...(index.unique ? { unique: true } : {}),
        ...(index.name ? { name: index.name } : {}),
      };
      try {
        created.push(await collection.createIndex({ ...index.key } as Document, options));
      } catch (error) {
        const name = index.name ?? defaultIndexName(index.key as Document);
        throw new Error(`ensureIndexes: cannot create index '${name}' on '${collectionName}'`, {
          cause: error,
        });
      }
    }
  }
  return created;
}
