/**
 * Runs a query against a collection's memory: plans it, walks the plan's candidates,
 * checks the filter where the plan does not already guarantee it, then sorts, skips and
 * limits. When the plan yields documents in sort order, the walk stops after skip + limit
 * matches, so a page costs about the same whatever the collection size.
 */
import type { Document } from 'mongodb';
import type { CollectionData } from './collection-data';
import { type DocumentId, idFromKey, idKeyOf } from './document-id';
import { type SortSpec, sortByDocument } from './document-sort';
import { analyzeFilter } from './filter-analysis';
import { compileFilter, type DocumentPredicate } from './matcher';
import { planQuery, type QueryPlan } from './query-planner';

export interface QueryRequest {
  /** A filter checked by `checkFilter`. */
  filter: Document;
  sort: SortSpec;
  skip: number;
  /** 0 for no limit. */
  limit: number;
}

/** A document a query matched. */
export class MatchedDocument {
  readonly id: DocumentId;
  readonly key: string;
  readonly json: string;
  #doc: Document | undefined;

  constructor(id: DocumentId, key: string, json: string, doc?: Document) {
    this.id = id;
    this.key = key;
    this.json = json;
    this.#doc = doc;
  }

  /**
   * A private parse of `json`, which the caller may mutate; parsed on first use, so a write
   * that only needs the keys (a delete) never parses.
   */
  get doc(): Document {
    this.#doc ??= JSON.parse(this.json) as Document;
    return this.#doc;
  }
}

/** How a query ran: the explain output of the embedded engine. */
export interface QueryStats {
  plan: QueryPlan['kind'];
  /** The index an `indexScan` used. */
  index?: string;
  /** Whether the index was walked backwards (a descending sort on an ascending index). */
  reverse?: boolean;
  /** Whether the matches were sorted in memory (the plan could not provide the order). */
  sortedInMemory: boolean;
  /** `_id`s looked up or index entries walked. */
  keysExamined: number;
  /** Documents fetched to be checked against the filter or returned. */
  docsExamined: number;
  returned: number;
}

export function runQuery(
  data: CollectionData,
  request: QueryRequest,
): { matches: MatchedDocument[]; stats: QueryStats } {
  const { filter, sort, skip, limit } = request;
  const plan = planQuery(analyzeFilter(filter), sort, data.orderedIndexes);
  const predicate = plan.needsFilter ? compileFilter(filter) : undefined;
  const inOrder = plan.sortCovered;
  const enough = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;

  let matches: MatchedDocument[] = [];
  let matched = 0;
  let docsExamined = 0;
  const keysExamined = forEachCandidate(data, plan, (id, key, json) => {
    // In order and without a filter to check, skipped documents need not even be fetched.
    if (inOrder && predicate === undefined && matched < skip) {
      matched++;
      return true;
    }
    docsExamined++;
    // Parsed now only to be checked or sorted; otherwise when (and if) the caller reads it.
    const doc = predicate !== undefined || !inOrder ? (JSON.parse(json) as Document) : undefined;
    if (predicate !== undefined && !predicate(doc!)) return true;
    matched++;
    if (inOrder && matched <= skip) return true;
    matches.push(new MatchedDocument(id, key, json, doc));
    return !inOrder || matched < enough;
  });

  if (!inOrder) {
    if (sort.length > 0) matches = sortByDocument(matches, sort);
    matches = matches.slice(skip, limit > 0 ? skip + limit : undefined);
  }
  return { matches, stats: statsOf(plan, keysExamined, docsExamined, matches.length) };
}

/** Counts matches, parsing documents only when the plan leaves part of the filter to check. */
export function countMatches(
  data: CollectionData,
  filter: Document,
  skip: number,
  limit: number,
): { count: number; stats: QueryStats } {
  const analysis = analyzeFilter(filter);
  const plan = planQuery(analysis, [], data.orderedIndexes);
  const clamp = (total: number) =>
    Math.max(0, Math.min(total - skip, limit > 0 ? limit : Number.POSITIVE_INFINITY));
  if (analysis.isEmpty) {
    return { count: clamp(data.docs.size), stats: statsOf(plan, 0, 0, 0) };
  }
  const predicate: DocumentPredicate | undefined = plan.needsFilter ? compileFilter(filter) : undefined;
  const enough = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  let total = 0;
  let docsExamined = 0;
  const keysExamined = forEachCandidate(data, plan, (_id, _key, json) => {
    if (predicate !== undefined) {
      docsExamined++;
      if (!predicate(JSON.parse(json) as Document)) return true;
    }
    total++;
    return total < enough;
  });
  return { count: clamp(total), stats: statsOf(plan, keysExamined, docsExamined, 0) };
}

/**
 * Calls `visit` with each candidate of `plan` (in the plan's order) until it returns false.
 * Returns the number of keys examined.
 */
function forEachCandidate(
  data: CollectionData,
  plan: QueryPlan,
  visit: (id: DocumentId, key: string, json: string) => boolean,
): number {
  let keys = 0;
  switch (plan.kind) {
    case 'idLookup':
      for (const id of plan.ids) {
        keys++;
        const key = idKeyOf(id);
        const json = data.docs.get(key);
        if (json !== undefined && !visit(id, key, json)) break;
      }
      return keys;
    case 'indexScan':
      for (const id of plan.index.scan(plan.bounds, plan.reverse)) {
        keys++;
        const key = idKeyOf(id);
        const json = data.docs.get(key);
        if (json !== undefined && !visit(id, key, json)) break;
      }
      return keys;
    case 'collectionScan':
      for (const [key, json] of data.docs) {
        if (!visit(idFromKey(key), key, json)) break;
      }
      return 0;
  }
}

function statsOf(plan: QueryPlan, keysExamined: number, docsExamined: number, returned: number): QueryStats {
  const stats: QueryStats = {
    plan: plan.kind,
    sortedInMemory: !plan.sortCovered,
    keysExamined,
    docsExamined,
    returned,
  };
  if (plan.kind === 'indexScan') {
    stats.index = plan.index.definition.name;
    stats.reverse = plan.reverse;
  }
  return stats;
}
