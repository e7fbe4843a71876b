/**
 * Runs a query against a collection's memory: plans it, walks the plan's candidates,
 * checks the filter where the plan does not already guarantee it, then sorts, skips and
 * limits. When the plan yields documents in sort order, the walk stops after skip + limit
 * matches, so a page costs about the same whatever the collection size.
 */
import type { Document } from '@quire/store';
import type { CollectionData } from './collection-data';
import { type DocumentId, idFromKey, idKeyOf } from './document-id';
import { type SortSpec, sortByDocument } from './document-sort';
import { analyzeFilter } from './filter-analysis';
import { compileFilter } from './matcher';
import type { ParsedDocuments } from './parsed-documents';
import type { Projector } from './projection';
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
  readonly #parsed: ParsedDocuments;
  /** `json` parsed to check the filter or sort: read only. */
  #view: Document | undefined;
  #doc: Document | undefined;

  constructor(id: DocumentId, key: string, json: string, parsed: ParsedDocuments, view?: Document) {
    this.id = id;
    this.key = key;
    this.json = json;
    this.#parsed = parsed;
    this.#view = view;
  }

  /**
   * A private copy of the document, which the caller may mutate; made on first use, so a
   * write that only needs the keys (a delete) never parses.
   */
  get doc(): Document {
    if (this.#doc === undefined) {
      this.#doc = this.#parsed.copyOf(this.key, this.json, this.#view);
      this.#view = undefined;
    }
    return this.#doc;
  }

  /**
   * The document as kept for later reads, to be read only (see `StoreCursor.map`); parsed
   * and kept on first use, as `doc` does.
   */
  get view(): Document {
    if (this.#doc !== undefined) return this.#doc;
    return this.#parsed.view(this.key, this.json, true, this.#view);
  }

  /** `project` applied to a private copy, copying only what it keeps (see `ParsedDocuments`). */
  projected(project: Projector): Document {
    if (this.#doc !== undefined) return project(this.#doc);
    return this.#parsed.projectedCopyOf(this.key, this.json, project, this.#view);
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
  const predicate = plan.needsFilter ? compileFilter(residual(filter, plan.guaranteed)) : undefined;
  const inOrder = plan.sortCovered;
  const enough = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  const parsed = data.parsed;
  const keep = keepsParsed(plan);

  let matches: MatchedDocument[] = [];
  // The parsed documents to sort by, when the plan does not give the order.
  const views: Document[] = [];
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
    const view = predicate !== undefined || !inOrder ? parsed.view(key, json, keep) : undefined;
    if (predicate !== undefined && !predicate(view!)) return true;
    matched++;
    if (inOrder && matched <= skip) return true;
    matches.push(new MatchedDocument(id, key, json, parsed, view));
    if (!inOrder) views.push(view!);
    return !inOrder || matched < enough;
  });

  if (!inOrder) {
    if (sort.length > 0) {
      const sorted = sortByDocument(
        matches.map((match, i) => ({ doc: views[i]!, match })),
        sort,
      );
      matches = sorted.map(({ match }) => match);
    }
    matches = matches.slice(skip, limit > 0 ? skip + limit : undefined);
  }
  return { matches, stats: statsOf(plan, keysExamined, docsExamined, matches.length) };
}

/**
 * Counts matches, stopping at skip + limit. Documents are only read (parsed, if not kept)
 * when the plan leaves part of the filter to check; otherwise the index entries are counted.
 */
export function countMatches(
  data: CollectionData,
  filter: Document,
  skip: number,
  limit: number,
): { count: number; stats: QueryStats } {
  const analysis = analyzeFilter(filter);
  const plan = planQuery(analysis, [], data.orderedIndexes);
  const enough = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  if (analysis.isEmpty) {
    return { count: window(data.docs.size, skip, enough), stats: statsOf(plan, 0, 0, 0) };
  }
  if (!plan.needsFilter) {
    const { count, keysExamined } = countCandidates(data, plan, enough);
    return { count: window(count, skip, enough), stats: statsOf(plan, keysExamined, 0, 0) };
  }
  const predicate = compileFilter(residual(filter, plan.guaranteed));
  const parsed = data.parsed;
  const keep = keepsParsed(plan);
  let total = 0;
  let docsExamined = 0;
  const keysExamined = forEachCandidate(data, plan, (_id, key, json) => {
    docsExamined++;
    if (!predicate(parsed.view(key, json, keep))) return true;
    total++;
    return total < enough;
  });
  return { count: window(total, skip, enough), stats: statsOf(plan, keysExamined, docsExamined, 0) };
}

/**
 * The filter without the top-level conditions that the plan guarantees. (A guaranteed
 * field has one condition in the whole filter: it is either here or in an `$and`, kept.)
 */
function residual(filter: Document, guaranteed: readonly string[]): Document {
  if (guaranteed.length === 0) return filter;
  const rest: Document = {};
  for (const key of Object.keys(filter)) if (!guaranteed.includes(key)) rest[key] = filter[key];
  return rest;
}

/** How many of `total` matches a count reports, given `skip` and the `end` (skip + limit) it stopped at. */
function window(total: number, skip: number, end: number): number {
  return Math.max(0, Math.min(total, end) - skip);
}

/**
 * Whether documents a plan reads are worth keeping parsed: those an index or `_id` lookup
 * singled out, yes; a collection scan would only push every kept document out.
 */
function keepsParsed(plan: QueryPlan): boolean {
  return plan.kind !== 'collectionScan';
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
    case 'indexScan': {
      const { index, intervals, reverse } = plan;
      let stopped = false;
      for (let i = 0; i < intervals.length && !stopped; i++) {
        const bounds = intervals[reverse ? intervals.length - 1 - i : i]!;
        keys += index.scan(bounds, reverse, (id) => {
          const key = idKeyOf(id);
          const json = data.docs.get(key);
          stopped = json !== undefined && !visit(id, key, json);
          return !stopped;
        });
      }
      return keys;
    }
    case 'collectionScan':
      for (const [key, json] of data.docs) {
        if (!visit(idFromKey(key), key, json)) break;
      }
      return 0;
  }
}

/** The number of candidates of a plan that needs no filter, counting up to `max`. */
function countCandidates(
  data: CollectionData,
  plan: QueryPlan,
  max: number,
): { count: number; keysExamined: number } {
  let count = 0;
  switch (plan.kind) {
    case 'idLookup': {
      let keysExamined = 0;
      for (const id of plan.ids) {
        if (count >= max) break;
        keysExamined++;
        if (data.docs.has(idKeyOf(id))) count++;
      }
      return { count, keysExamined };
    }
    case 'indexScan':
      // Every entry of an index is a document: entries are counted, not looked up.
      for (const bounds of plan.intervals) {
        count += plan.index.count(bounds, max - count);
        if (count >= max) break;
      }
      return { count, keysExamined: count };
    case 'collectionScan':
      return { count: Math.min(data.docs.size, max), keysExamined: 0 };
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
