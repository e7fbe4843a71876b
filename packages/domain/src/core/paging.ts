/**
 * Paging, in one place: the `page`/`limit` parameters, their defaults, opaque cursors and
 * the list envelope `{items, count, next?: {page}}`.
 *
 * A cursor names the position of the last item of the previous page: the values of the
 * list's sort fields and the id as a tie-breaker, so no item is skipped or repeated while
 * others are inserted. Repositories fetch `limit + 1` rows to learn whether a next page
 * exists without counting.
 */
import { z } from 'zod';
import { DomainError } from './errors';

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

/** The paging parameters P of the interface, spread into every list operation's input. */
export const pagingShape = {
  /** Opaque cursor from a previous response's `next.page`. */
  page: z
    .string()
    .min(1)
    .max(2048)
    // Checked with the rest of the input, before any permission: a forged cursor is a 400
    // whether or not the caller may see the list.
    .refine((page) => isCursor(page), { message: 'not a cursor returned by this API' })
    .optional()
    .describe('Identifier of the page of results to fetch'),
  /** Results per page, 1 to 1000 (default 100). */
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .optional()
    .describe('Maximum number of results per page (1 to 1000, default 100)'),
};

/** A value of a sort field inside a cursor: a scalar, never an object or an array. */
export type CursorValue = string | number | boolean | null;

export interface Cursor {
  /** Values of the sort fields (excluding the id) of the last item already returned. */
  values: CursorValue[];
  id: string;
}

export interface PageRequest {
  limit: number;
  after?: Cursor;
}

export interface Page<T> {
  items: T[];
  count: number;
  next?: { page: string };
}

/**
 * A slice of rows as repositories return it: at most `limit` items, the cursor of each
 * (GraphQL connections give every edge one), and the next cursor when more rows exist.
 */
export interface Slice<T> {
  items: T[];
  cursors: Cursor[];
  next?: Cursor;
}

const toBase64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string): string => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.id, ...cursor.values]));
}

/** Lists sort on at most this many fields before the id. */
const MAX_CURSOR_VALUES = 3;

/**
 * What a decoded cursor may hold: an id, then scalars. Anything else (an object such as
 * `{"$where": ...}`, a nested array, a long string) is refused here, so a cursor can never
 * carry a query operator to a repository. Repositories check the count and the types of
 * the values against their sort fields (`invalidCursor`).
 */
const CursorTupleSchema = z.tuple(
  [z.string().min(1).max(128)],
  z.union([z.string().max(1024), z.number().finite(), z.boolean(), z.null()]),
);

/** The 400 of a `page` that is not a cursor this API returned (for this list). */
export const invalidCursor = (): DomainError =>
  new DomainError('validation', 'page: not a cursor returned by this API', {
    issues: [{ field: 'page', message: 'not a cursor returned by this API' }],
  });

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function decodeCursor(page: string): Cursor {
  let text: string;
  try {
    text = fromBase64Url(page);
  } catch {
    throw invalidCursor();
  }
  const parsed = CursorTupleSchema.safeParse(parseJson(text));
  if (!parsed.success || parsed.data.length > MAX_CURSOR_VALUES + 1) throw invalidCursor();
  const [id, ...values] = parsed.data;
  return { id, values };
}

function isCursor(page: string): boolean {
  try {
    decodeCursor(page);
    return true;
  } catch {
    return false;
  }
}

export function pageRequest(input: { page?: string | undefined; limit?: number | undefined }): PageRequest {
  const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
  return input.page ? { limit, after: decodeCursor(input.page) } : { limit };
}

/**
 * The number of items of a keyset-paged list, `slice` being the page read with `page`: a
 * first page with no next one holds every item, so its length is the count and `count` (a
 * second query over the same filter) is not run. A page of a hundred members costs one
 * store read less, the count being there already.
 */
export function countOfList<T>(
  slice: Slice<T>,
  page: PageRequest,
  count: () => Promise<number>,
): number | Promise<number> {
  return page.after === undefined && slice.next === undefined ? slice.items.length : count();
}

const edgeCursorsKey = Symbol('edgeCursors');

/** A row a filter kept, with the cursor of its position in the underlying list. */
export interface KeptRow<Item> {
  item: Item;
  cursor: Cursor;
}

/**
 * A page of the rows a rule keeps among a keyset-paged list (a rule no store query can
 * express, such as who may see what): the list is read in batches (`fetch`), each batch
 * filtered at once (`keep`), until `limit + 1` rows are kept (the extra one says a next page
 * exists). Cursors are the underlying list's, so nothing is skipped or repeated whatever
 * the filter keeps. When the filter keeps few of many rows, at most `scanBudget` rows are
 * examined per request: the page is then shorter and its `next` resumes after the last row
 * examined.
 */
export async function keptRowsPage<Row, Item>(
  page: PageRequest,
  fetch: (batch: PageRequest) => Promise<Slice<Row>>,
  keep: (batch: Slice<Row>) => Promise<Array<KeptRow<Item>>>,
  scanBudget: number,
): Promise<Slice<Item>> {
  const found: Item[] = [];
  const cursors: Cursor[] = [];
  let after = page.after;
  let scanned = 0;
  for (;;) {
    const limit = Math.min(Math.max(page.limit + 1 - found.length, 100), MAX_PAGE_LIMIT);
    const batch = await fetch({ limit, ...(after ? { after } : {}) });
    for (const { item, cursor } of await keep(batch)) {
      if (found.length === page.limit) {
        // One more row is kept: the page is full and has a next page.
        const last = cursors[cursors.length - 1];
        return { items: found, cursors, ...(last ? { next: last } : {}) };
      }
      found.push(item);
      cursors.push(cursor);
    }
    scanned += batch.items.length;
    if (!batch.next) return { items: found, cursors };
    after = batch.next;
    if (scanned >= scanBudget + page.limit) return { items: found, cursors, next: after };
  }
}

/**
 * A keyset page of a list held in memory, sorted by id ascending (the files of a revision):
 * the same cursors as a repository's list ordered by id alone.
 */
export function sliceById<T>(sorted: readonly T[], idOf: (row: T) => string, page: PageRequest): Slice<T> {
  if (page.after && page.after.values.length !== 0) throw invalidCursor();
  const afterId = page.after?.id;
  const start = afterId === undefined ? 0 : sorted.findIndex((row) => idOf(row) > afterId);
  const rest = start < 0 ? [] : sorted.slice(start, start + page.limit + 1);
  const items = rest.slice(0, page.limit);
  const cursors = items.map((row) => ({ values: [], id: idOf(row) }));
  const last = cursors[cursors.length - 1];
  return { items, cursors, ...(rest.length > page.limit && last ? { next: last } : {}) };
}

/** The rows of a slice that `keep` accepts, each with its cursor (the next cursor stays). */
export function filterSlice<T>(slice: Slice<T>, keep: (row: T) => boolean): Slice<T> {
  const kept = slice.items.flatMap((row, i) => (keep(row) ? [{ row, cursor: slice.cursors[i]! }] : []));
  const filtered: Slice<T> = {
    items: kept.map((entry) => entry.row),
    cursors: kept.map((entry) => entry.cursor),
  };
  if (slice.next) filtered.next = slice.next;
  return filtered;
}

/**
 * Builds the list envelope from a repository slice, mapping each row to its resource.
 * The per-item cursors ride along under a symbol key, invisible to JSON, for the GraphQL
 * face (see `edgeCursorsOf`).
 */
export function toPage<Row, Item>(slice: Slice<Row>, count: number, present: (row: Row) => Item): Page<Item> {
  const page: Page<Item> = { items: slice.items.map(present), count };
  if (slice.next) page.next = { page: encodeCursor(slice.next) };
  Object.defineProperty(page, edgeCursorsKey, { value: slice.cursors, enumerable: false });
  return page;
}

/**
 * The cursor of the item at `index` of a page built by `toPage` (an empty string when
 * unknown). Computed on demand: GraphQL clients rarely select every edge's cursor.
 */
export function edgeCursorOf(page: Page<unknown>, index: number): string {
  const cursor = (page as { [edgeCursorsKey]?: Cursor[] })[edgeCursorsKey]?.[index];
  return cursor ? encodeCursor(cursor) : '';
}

const pageSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The output schema of a list operation: `{items, count, next?}` of the item schema, plus
 * `extra` fields where GitBook's document has more on one list (`total` on the commenters).
 * The GraphQL face recognises these (`itemSchemaOfPage`) and serves them as connections.
 */
export function pageSchemaOf<Item extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  item: Item,
  extra?: Extra,
) {
  const schema = z.object({
    items: z.array(item),
    /** Total number of items in the list (all pages). */
    count: z.number().int().min(0),
    /** Present when more results exist: pass `next.page` as `page` to fetch them. */
    next: z.object({ page: z.string() }).optional(),
    ...(extra ?? ({} as Extra)),
  });
  pageSchemas.set(schema, item);
  return schema;
}

/** The item schema of a schema built by `pageSchemaOf`, or undefined for other schemas. */
export function itemSchemaOfPage(schema: z.ZodType): z.ZodType | undefined {
  return pageSchemas.get(schema);
}
