/**
 * Chooses how to find a query's documents:
 * - `idLookup`: `_id` equality or `$in`, straight from the document map;
 * - `indexScan`: equality or `$in` on a prefix of an index's fields (an `$in` scans one
 *   interval per value), then optionally a range on the next field, and/or a sort that the
 *   index order already provides (either direction), so a page read stops after
 *   skip + limit matches;
 * - `collectionScan`: every document, sorted in memory.
 * Multikey indexes are left out (see `OrderedIndex.isMultikey`).
 */
import { compareBson } from './bson-order';
import { type DocumentId, isDocumentId } from './document-id';
import type { SortSpec } from './document-sort';
import type { FilterAnalysis } from './filter-analysis';
import type { OrderedIndex, ScanBounds } from './index-tree';

interface PlanBase {
  /** Whether the candidates come out in the requested sort order (no in-memory sort). */
  sortCovered: boolean;
  /** Whether the filter must be checked on each candidate (the plan does not express all of it). */
  needsFilter: boolean;
  /** Fields whose whole condition the plan guarantees: the check may leave them out. */
  guaranteed: readonly string[];
}

export type QueryPlan =
  | (PlanBase & { kind: 'idLookup'; ids: DocumentId[] })
  | (PlanBase & {
      kind: 'indexScan';
      index: OrderedIndex;
      /** Scanned one after the other (in reverse order when `reverse`): together, in index order. */
      intervals: ScanBounds[];
      reverse: boolean;
    })
  | (PlanBase & { kind: 'collectionScan' });

export function planQuery(
  analysis: FilterAnalysis,
  sort: SortSpec,
  indexes: readonly OrderedIndex[],
): QueryPlan {
  const idLookup = planIdLookup(analysis, sort);
  if (idLookup !== undefined) return idLookup;

  let best: IndexCandidate | undefined;
  for (const index of indexes) {
    if (index.isMultikey) continue;
    const candidate = scoreIndex(index, analysis, sort);
    if (candidate !== undefined && (best === undefined || candidate.score > best.score)) best = candidate;
  }
  if (best !== undefined) return indexScanOf(best, analysis);
  return {
    kind: 'collectionScan',
    sortCovered: sort.length === 0,
    needsFilter: !analysis.isEmpty,
    guaranteed: [],
  };
}

function planIdLookup(analysis: FilterAnalysis, sort: SortSpec): QueryPlan | undefined {
  const predicate = analysis.fields.get('_id');
  if (predicate === undefined) return undefined;
  let ids: DocumentId[];
  let exact: boolean;
  if (predicate.equal !== undefined) {
    // An `_id` is always a string or a number, so any other value matches nothing.
    ids = isDocumentId(predicate.equal) ? [predicate.equal] : [];
    exact = predicate.exact === 'equal';
  } else if (predicate.anyOf !== undefined) {
    // Distinct as keys are: a Set tells `1` from `'1'` and holds -0 and 0 as one, like `idKeyOf`.
    const distinct = new Set<DocumentId>();
    for (const value of predicate.anyOf) if (isDocumentId(value)) distinct.add(value);
    ids = [...distinct];
    exact = predicate.exact === 'anyOf';
  } else {
    return undefined;
  }
  return {
    kind: 'idLookup',
    ids,
    sortCovered: sort.length === 0 || ids.length <= 1,
    needsFilter: !exact || analysis.hasOtherConditions || analysis.fields.size > 1,
    guaranteed: exact ? ['_id'] : [],
  };
}

/** Past this many intervals, an `$in` no longer extends an index prefix (a product of `$in`s explodes). */
const MAX_INTERVALS = 1000;

/** What an index could do for a query, scored; only the best one's intervals are built. */
interface IndexCandidate {
  score: number;
  index: OrderedIndex;
  columns: Column[];
  range: Pick<ScanBounds, 'lower' | 'upper'> | undefined;
  order: { reverse: boolean } | undefined;
  consumed: string[];
}

/**
 * Scores an index: each equality field counts most, then each `$in` field, then a range on
 * the next field, then providing the sort order. An index that helps with none of them is
 * not a candidate.
 */
function scoreIndex(
  index: OrderedIndex,
  analysis: FilterAnalysis,
  sort: SortSpec,
): IndexCandidate | undefined {
  const key = index.definition.key;
  const fields = analysis.fields;
  // The common cases first: an index whose first field the filter does not name serves the
  // sort order at most (what the loop below would find, without its arrays: 1.4 KB of a URL
  // lookup's 21 KB, whose sorted query scores every index of the sites).
  if (!fields.has(key[0]![0])) {
    const order = sort.length === 0 ? undefined : sortOrderFrom(index, 0, sort);
    return order === undefined
      ? undefined
      : { score: 1, index, columns: [], range: undefined, order, consumed: [] };
  }

  // The distinct values of each leading field: their product is the intervals to scan.
  const columns: Column[] = [];
  let intervalCount = 1;
  let prefixLength = 0;
  let leadingEqualities = 0;
  let score = 0;
  const consumed: string[] = [];
  for (; prefixLength < key.length; prefixLength++) {
    const [field, direction] = key[prefixLength]!;
    const predicate = fields.get(field);
    if (predicate === undefined) break;
    let column: Column;
    if (predicate.equal !== undefined) {
      column = { values: [predicate.equal], direction, ordered: true };
      if (predicate.exact === 'equal') consumed.push(field);
      score += 4;
      if (prefixLength === leadingEqualities) leadingEqualities++;
    } else if (predicate.anyOf !== undefined) {
      column = distinctValues(predicate.anyOf, direction);
      if (intervalCount * column.values.length > MAX_INTERVALS) {
        // Repeated values make no intervals: counted without them before giving up on the field.
        column = withoutRepeats(column);
        intervalCount = 1;
        for (let c = 0; c < columns.length; c++) {
          columns[c] = withoutRepeats(columns[c]!);
          intervalCount *= columns[c]!.values.length;
        }
      }
      if (intervalCount * column.values.length > MAX_INTERVALS) break;
      if (predicate.exact === 'anyOf') consumed.push(field);
      score += 3;
    } else break;
    columns.push(column);
    intervalCount *= column.values.length;
  }

  const rangeField = key[prefixLength]?.[0];
  const predicate = rangeField === undefined ? undefined : fields.get(rangeField);
  let range: Pick<ScanBounds, 'lower' | 'upper'> | undefined;
  if (predicate?.lower !== undefined && predicate.upper !== undefined) {
    range = { lower: predicate.lower, upper: predicate.upper };
    score += 2;
    if (predicate.exact === 'range') consumed.push(rangeField!);
  }

  const order = sortOrderFrom(index, leadingEqualities, sort);
  if (order !== undefined && sort.length > 0) score += 1;
  if (score === 0) return undefined;
  return { score, index, columns, range, order, consumed };
}

/**
 * The scan of the chosen index: one interval per tuple of leading values. Built for the
 * winner only, since a sorted query scores every index (planning them all in full was most
 * of a small query's planning, and its allocation).
 */
function indexScanOf(candidate: IndexCandidate, analysis: FilterAnalysis): QueryPlan {
  const { index, range, order, consumed } = candidate;
  // An empty index has nothing to scan: its intervals (one per `$in` value) are not even built.
  const intervals: ScanBounds[] = index.isEmpty
    ? []
    : prefixesOf(candidate.columns).map((equal) => ({ equal, ...range }));
  return {
    kind: 'indexScan',
    index,
    intervals,
    reverse: order?.reverse ?? false,
    sortCovered: order !== undefined,
    needsFilter: analysis.hasOtherConditions || consumed.length < analysis.fields.size,
    guaranteed: consumed,
  };
}

/**
 * The values of an index field: sorted in the field's order and distinct once `ordered`;
 * strings not yet `ordered` may repeat.
 */
interface Column {
  values: readonly unknown[];
  direction: 1 | -1;
  ordered: boolean;
}

/**
 * The values an index field may take. Strings (an `$in` of ids) are sorted and rid of
 * repeats only if intervals are built (`prefixesOf`): a sorted query scores every index, and
 * a set of a page's hundred user ids made for each was most of planning their space grants'
 * count, for an index that most often turned out empty. Other values are sorted and made
 * distinct now, as telling duplicates apart takes BSON order.
 */
function distinctValues(values: readonly unknown[], direction: 1 | -1): Column {
  if (values.every((value) => typeof value === 'string')) return { values, direction, ordered: false };
  const sorted = [...values].sort((a, b) => compareBson(a, b) * direction);
  return {
    values: sorted.filter((value, i) => i === 0 || compareBson(value, sorted[i - 1]) !== 0),
    direction,
    ordered: true,
  };
}

/** A column of strings with each value once, in the index field's order. */
function withoutRepeats(column: Column): Column {
  if (column.ordered) return column;
  // The default sort's order (by UTF-16 code unit) is BSON's for strings; repeats end up side by side.
  const sorted = (column.values as string[]).slice().sort();
  const values = sorted.filter((value, i) => i === 0 || value !== sorted[i - 1]);
  if (column.direction === -1) values.reverse();
  return { values, direction: column.direction, ordered: true };
}

/** The tuples of leading-field values, in index order: one per interval to scan. */
function prefixesOf(columns: readonly Column[]): unknown[][] {
  let prefixes: unknown[][] = [[]];
  for (const column of columns) {
    const { values } = withoutRepeats(column);
    if (values.length === 1) {
      for (const prefix of prefixes) prefix.push(values[0]);
    } else {
      const extended: unknown[][] = [];
      for (const prefix of prefixes) for (const value of values) extended.push([...prefix, value]);
      prefixes = extended;
    }
  }
  return prefixes;
}

/** Whether one of the index's first `equalFields` fields (held equal by the filter) is `field`. */
function isFixedBy(key: OrderedIndex['definition']['key'], equalFields: number, field: string): boolean {
  for (let k = 0; k < equalFields; k++) if (key[k]![0] === field) return true;
  return false;
}

const FORWARD = Object.freeze({ reverse: false });
const BACKWARD = Object.freeze({ reverse: true });

/**
 * Whether scanning `index` (forward or reversed) yields documents in `sort` order, given
 * equality on its first `equalFields` fields (constant, so they may appear anywhere in the
 * sort). Entries end with the `_id`, ascending, so a trailing `_id` sort is covered too.
 */
function sortOrderFrom(
  index: OrderedIndex,
  equalFields: number,
  sort: SortSpec,
): { reverse: boolean } | undefined {
  if (sort.length === 0) return FORWARD;
  const key = index.definition.key;
  // The sort's fields that the equalities do not fix, in order. Index loops, no closures or
  // copies: this runs for every index of every sorted query.
  let remainingCount = 0;
  for (let s = 0; s < sort.length; s++) if (!isFixedBy(key, equalFields, sort[s]![0])) remainingCount++;
  if (remainingCount === 0) return FORWARD;

  let reverse: boolean | undefined;
  let i = -1;
  for (let s = 0; s < sort.length; s++) {
    const field = sort[s]![0];
    const direction = sort[s]![1];
    if (isFixedBy(key, equalFields, field)) continue;
    i++;
    const indexField = key[equalFields + i];
    const isImplicitId = indexField === undefined && field === '_id' && i === remainingCount - 1;
    if (isImplicitId) {
      const wantsReverse = direction === -1;
      if (reverse !== undefined && reverse !== wantsReverse) return undefined;
      reverse = wantsReverse;
      continue;
    }
    if (indexField === undefined || indexField[0] !== field) return undefined;
    const wantsReverse = indexField[1] !== direction;
    if (reverse !== undefined && reverse !== wantsReverse) return undefined;
    reverse = wantsReverse;
  }
  return reverse === true ? BACKWARD : FORWARD;
}
