/**
 * Keyset paging, written once for every repository: fetch `limit + 1` rows after the
 * cursor, in the order of `sort` with `_id` as the tie-breaker, so no row is skipped or
 * repeated while others are inserted.
 *
 * The cursor condition is a range on the first sort field (which an index on
 * `{...equality fields, field, _id}` serves on both engines) plus an `$or` that drops the
 * rows of the cursor's own value that were already returned.
 */
import { type Cursor, type CursorValue, invalidCursor, type PageRequest, type Slice } from '@quire/domain';
import type { Document, Filter, StoreCollection } from '@quire/store';

export interface PageSort {
  /**
   * Sort field other than `_id` (optional: lists ordered by id alone omit it). Its values
   * are strings (timestamps, names, order keys) or missing (null).
   */
  field?: string;
  direction: 1 | -1;
}

/**
 * A decoded cursor holds scalars only (`decodeCursor`); here it must also fit this list:
 * one value per sort field, of the field's type. A cursor of another list is a 400.
 */
function checkCursorFits(sort: PageSort, cursor: Cursor): void {
  const expected = sort.field ? 1 : 0;
  if (cursor.values.length !== expected) throw invalidCursor();
  const value = cursor.values[0];
  if (expected === 1 && value !== null && typeof value !== 'string') throw invalidCursor();
}

const valueAt = (doc: Document, parts: readonly string[]): CursorValue => {
  let value: unknown = doc;
  for (const part of parts) value = (value as Record<string, unknown> | undefined)?.[part];
  return (value ?? null) as CursorValue;
};

/**
 * What `toRecord` is handed: `copy` (the default), a private copy of the document whose
 * values the record may keep; `view`, the store's own document through the cursor's
 * transform (`StoreCursor.map`), which `toRecord` only reads, copying every object or array
 * the record keeps. A record built field by field then costs no copy of its document.
 */
export type RowAccess = 'copy' | 'view';

function afterCursor(sort: PageSort, cursor: Cursor): Document {
  const idOp = sort.direction === 1 ? '$gt' : '$lt';
  if (!sort.field) return { _id: { [idOp]: cursor.id } };
  const value = cursor.values[0] ?? null;
  const inclusive = sort.direction === 1 ? '$gte' : '$lte';
  return {
    [sort.field]: { [inclusive]: value },
    $or: [{ [sort.field]: { [idOp]: value } }, { [sort.field]: value, _id: { [idOp]: cursor.id } }],
  };
}

/** Adds a condition at the top level when no key collides, so index planners see plain fields. */
function withCondition(filter: Document, condition: Document): Document {
  const collides = Object.keys(condition).some((key) => key in filter);
  return collides ? { $and: [filter, condition] } : { ...filter, ...condition };
}

/**
 * Reads a row: notes its cursor in `cursors`, answers its record. Made here rather than as a
 * named closure in `findPage`: the build keeps function names (`keepNames`), which costs a
 * property definition for every named closure made, on every page read.
 */
function rowReader<T extends Document, R>(
  sort: PageSort,
  cursors: Cursor[],
  toRecord: (doc: T) => R,
): (doc: T) => R {
  const parts = sort.field?.split('.');
  // Cursor values are scalars (strings or null), so taking them from a view keeps nothing of it.
  return (doc) => {
    cursors.push({ id: String(doc._id), values: parts ? [valueAt(doc, parts)] : [] });
    return toRecord(doc);
  };
}

export async function findPage<T extends Document, R>(
  collection: StoreCollection<T>,
  filter: Filter<T>,
  sort: PageSort,
  page: PageRequest,
  toRecord: (doc: T) => R,
  access: RowAccess = 'copy',
): Promise<Slice<R>> {
  if (page.after) checkCursorFits(sort, page.after);
  const query = page.after ? withCondition(filter as Document, afterCursor(sort, page.after)) : filter;
  const order: Record<string, 1 | -1> = sort.field
    ? { [sort.field]: sort.direction, _id: sort.direction }
    : { _id: sort.direction };
  const cursors: Cursor[] = [];
  const read = rowReader(sort, cursors, toRecord);
  const cursor = collection.find(query as Filter<T>, { sort: order, limit: page.limit + 1 });
  const records =
    access === 'view'
      ? await cursor.map((doc) => read(doc as unknown as T)).toArray()
      : ((await cursor.toArray()) as unknown as T[]).map(read);
  const more = records.length > page.limit;
  if (more) {
    records.length = page.limit;
    cursors.length = page.limit;
  }
  const slice: Slice<R> = { items: records, cursors };
  const last = cursors[cursors.length - 1];
  if (more && last) slice.next = last;
  return slice;
}
