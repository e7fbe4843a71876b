/**
 * Documents this server has already parsed, validated and compiled, by their text, so a
 * plain JSON call of one runs its compiled query directly (`json-operations.ts`) instead of
 * going through envelop's per-request plugin pipeline again.
 *
 * Nothing is decided here that envelop did not decide first: a document is prepared only
 * after a call of it went the whole way through Yoga's envelop pipeline (parse with the
 * armor's token limit, validation with graphql-js's rules, the armor limits and Quire's
 * own, then JIT execution) and validated without an error. Those steps depend on the text
 * alone (Yoga caches both by it), so they hold for every later call of the same text;
 * what depends on the call (variables, the caller, the rate limit) is still done per call.
 * The compiled query is the one `@envelop/graphql-jit` made for that execution: this is the
 * cache it keeps compiled documents in (its `cache` option).
 */
import { BoundedCache } from '@quire/domain';
import type { DocumentNode, ExecutionResult, GraphQLSchema, OperationTypeNode } from 'graphql';
import { readsSideBySide } from './reads-side-by-side';

/** What `@envelop/graphql-jit` keeps per document: graphql-jit's compiled query. */
export interface CompiledDocument {
  query(root: unknown, context: unknown, variables: unknown): ExecutionResult | Promise<ExecutionResult>;
  stringify(result: ExecutionResult): string;
}

export interface PreparedOperation {
  /** `query` or `mutation` (a subscription never validates). */
  kind: OperationTypeNode;
  /** The operation's name: a call naming another one is not this operation. */
  name: string | undefined;
  compiled: CompiledDocument;
  /** Whether its reads can run side by side, so are gathered (`reads-side-by-side.ts`). */
  gathers: boolean;
}

/**
 * As many distinct documents as Yoga's parse cache keeps: past that, the least recently
 * used are forgotten and prepared again on their next call.
 */
const CAPACITY = 1024;

/** A prepared operation and when a call last found it. */
interface Kept {
  operation: PreparedOperation;
  lastFound: number;
}

export class PreparedOperations {
  /** Handed to `useGraphQlJit` as its cache of compiled documents, by text. */
  readonly compiled = new BoundedCache<string, CompiledDocument>(CAPACITY);
  /**
   * By text. A call finding its document only marks when (no reordering of the map, which
   * costs a removal and an insertion hashing the document's text again, on every call);
   * the least recently found is looked for when a new document would pass the capacity,
   * after a whole call through envelop, which costs far more than the scan.
   */
  readonly #kept = new Map<string, Kept>();
  readonly #capacity: number;
  #finds = 0;

  constructor(capacity = CAPACITY) {
    this.#capacity = capacity;
  }

  find(query: string): PreparedOperation | undefined {
    const kept = this.#kept.get(query);
    if (kept === undefined) return undefined;
    kept.lastFound = ++this.#finds;
    return kept.operation;
  }

  /**
   * Called once a call of `query` was validated without error and executed through envelop.
   * Only a document of one operation is prepared: which operation another runs depends on
   * the call's `operationName`, and it keeps envelop's path.
   */
  prepare(query: string, document: DocumentNode, schema: GraphQLSchema): void {
    const operations = document.definitions.filter((node) => node.kind === 'OperationDefinition');
    const operation = operations[0];
    const compiled = this.compiled.get(query);
    if (operations.length !== 1 || !operation || !compiled) return;
    if (!this.#kept.has(query) && this.#kept.size >= this.#capacity) this.#forgetLeastRecentlyFound();
    this.#kept.set(query, {
      operation: {
        kind: operation.operation,
        name: operation.name?.value,
        compiled,
        gathers: readsSideBySide(schema, document),
      },
      lastFound: ++this.#finds,
    });
  }

  #forgetLeastRecentlyFound(): void {
    let oldest: string | undefined;
    let oldestFound = Number.POSITIVE_INFINITY;
    for (const [query, kept] of this.#kept) {
      if (kept.lastFound < oldestFound) {
        oldest = query;
        oldestFound = kept.lastFound;
      }
    }
    if (oldest !== undefined) this.#kept.delete(oldest);
  }
}
