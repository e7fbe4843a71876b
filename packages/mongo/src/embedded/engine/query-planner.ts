/**
 * Chooses how to find a query's documents:
 * - `idLookup`: `_id` equality or `$in`, straight from the document map;
 * - `indexScan`: equality on a prefix of an index's fields, then optionally a range on the
 *   next field, and/or a sort that the index order already provides (either direction), so
 *   a page read stops after skip + limit matches;
 * - `collectionScan`: every document, sorted in memory.
 * Multikey indexes are left out (see `OrderedIndex.isMultikey`).
 */
import { type DocumentId, idKeyOf, isDocumentId } from './document-id';
import type { SortSpec } from './document-sort';
import type { FieldPredicate, FilterAnalysis } from './filter-analysis';
import type { OrderedIndex, ScanBounds } from './index-tree';

interface PlanBase {
  /** Whether the candidates come out in the requested sort order (no in-memory sort). */
  sortCovered: boolean;
  /** Whether the full filter must be checked on each candidate (the plan does not express all of it). */
  needsFilter: boolean;
}

export type QueryPlan =
  | (PlanBase & { kind: 'idLookup'; ids: DocumentId[] })
  | (PlanBase & { kind: 'indexScan'; index: OrderedIndex; bounds: ScanBounds; reverse: boolean })
  | (PlanBase & { kind: 'collectionScan' });

export function planQuery(
  analysis: FilterAnalysis,
  sort: SortSpec,
  indexes: readonly OrderedIndex[],
): QueryPlan {
  const idLookup = planIdLookup(analysis, sort);
  if (idLookup !== undefined) return idLookup;

  let best: { score: number; plan: QueryPlan } | undefined;
  for (const index of indexes) {
    if (index.isMultikey) continue;
    const candidate = planIndexScan(index, analysis, sort);
    if (candidate !== undefined && (best === undefined || candidate.score > best.score)) best = candidate;
  }
  if (best !== undefined) return best.plan;
  return { kind: 'collectionScan', sortCovered: sort.length === 0, needsFilter: !analysis.isEmpty };
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
    const byKey = new Map<string, DocumentId>();
    for (const value of predicate.anyOf) if (isDocumentId(value)) byKey.set(idKeyOf(value), value);
    ids = [...byKey.values()];
    exact = predicate.exact === 'anyOf';
  } else {
    return undefined;
  }
  return {
    kind: 'idLookup',
    ids,
    sortCovered: sort.length === 0 || ids.length <= 1,
    needsFilter: !exact || analysis.hasOtherConditions || analysis.fields.size > 1,
  };
}

/**
 * Scores an index: each equality field counts most, then a range on the next field, then
 * providing the sort order. An index that helps with none of them is not a candidate.
 */
function planIndexScan(
  index: OrderedIndex,
  analysis: FilterAnalysis,
  sort: SortSpec,
): { score: number; plan: QueryPlan } | undefined {
  const key = index.definition.key;
  const predicateOf = (position: number): FieldPredicate | undefined => {
    const field = key[position];
    return field === undefined ? undefined : analysis.fields.get(field[0]);
  };

  const equal: unknown[] = [];
  const consumed = new Set<string>();
  for (let position = 0; position < key.length; position++) {
    const predicate = predicateOf(position);
    if (predicate?.equal === undefined) break;
    equal.push(predicate.equal);
    if (predicate.exact === 'equal') consumed.add(key[position]![0]);
  }

  const bounds: ScanBounds = { equal };
  const rangePredicate = predicateOf(equal.length);
  if (rangePredicate?.lower !== undefined && rangePredicate.upper !== undefined) {
    bounds.lower = rangePredicate.lower;
    bounds.upper = rangePredicate.upper;
    if (rangePredicate.exact === 'range') consumed.add(key[equal.length]![0]);
  }

  const order = sortOrderFrom(index, equal.length, sort);
  const score =
    equal.length * 4 +
    (bounds.lower !== undefined ? 2 : 0) +
    (order !== undefined && sort.length > 0 ? 1 : 0);
  if (score === 0) return undefined;

  const needsFilter =
    analysis.hasOtherConditions || [...analysis.fields.keys()].some((field) => !consumed.has(field));
  return {
    score,
    plan: {
      kind: 'indexScan',
      index,
      bounds,
      reverse: order?.reverse ?? false,
      sortCovered: order !== undefined,
      needsFilter,
    },
  };
}

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
  const key = index.definition.key;
  const fixed = new Set(key.slice(0, equalFields).map(([field]) => field));
  const remaining = sort.filter(([field]) => !fixed.has(field));
  if (remaining.length === 0) return { reverse: false };

  let reverse: boolean | undefined;
  for (let i = 0; i < remaining.length; i++) {
    const [field, direction] = remaining[i]!;
    const indexField = key[equalFields + i];
    const isImplicitId = indexField === undefined && field === '_id' && i === remaining.length - 1;
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
  return { reverse: reverse ?? false };
}
