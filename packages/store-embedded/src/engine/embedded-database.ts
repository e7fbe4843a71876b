/**
 * The embedded engine's database: named collections held in memory, recovered from a
 * `DatabaseState` and journaling every write through one `Journal`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AttachedDocumentSource, AttachedWriteOptions, Document, StoreDatabase } from '@quire/store';
import type { DatabaseState, Journal } from '../journal-types';
import { CollectionData } from './collection-data';
import { EmbeddedCollection, journalOp, newDocument } from './embedded-collection';
import { EmbeddedServerError } from './errors';
import { type AttachedCommit, JournalWriter } from './journal-writer';
import { ParsedBudget } from './parsed-documents';

export interface EmbeddedDatabaseOptions {
  /** Shown in error messages as MongoDB shows namespaces (`<name>.<collection>`). */
  name?: string;
  /**
   * JSON characters of recently returned documents kept parsed, for all collections
   * together (see `parsed-documents.ts`); 0 parses on every read. Default 8 Mi.
   */
  parsedBudget?: number;
}

/** A `withAttachedWrite` scope: its source, until a commit has taken its document. */
interface AttachScope {
  readonly source: AttachedDocumentSource;
  readonly passOver: ReadonlySet<string> | undefined;
  taken: boolean;
}

interface OpenCollection {
  data: CollectionData;
  collection: EmbeddedCollection;
}

export class EmbeddedDatabase implements StoreDatabase {
  readonly #collections = new Map<string, OpenCollection>();
  readonly #writer: JournalWriter;
  readonly #name: string | undefined;
  readonly #parsedBudget: ParsedBudget;
  readonly #attachScopes = new AsyncLocalStorage<AttachScope>();

  /**
   * Serves `state` (taking ownership of its document maps) and journals writes to `journal`.
   * Indexes are rebuilt from their definitions here, which parses every indexed collection.
   */
  constructor(state: DatabaseState, journal: Journal, options: EmbeddedDatabaseOptions = {}) {
    this.#writer = new JournalWriter(journal, (collection) => this.#attachToCommit(collection));
    this.#name = options.name;
    this.#parsedBudget = new ParsedBudget(options.parsedBudget);
    for (const [name, collectionState] of state) {
      this.#open(name, new CollectionData(this.#namespace(name), collectionState, this.#parsedBudget));
    }
  }

  /** The collection named `name`, the same object on every call; it exists once written to. */
  collection<T extends Document = Document>(name: string): EmbeddedCollection<T> {
    const open = this.#collections.get(name) ?? this.#openNamed(name);
    return open.collection as unknown as EmbeddedCollection<T>;
  }

  #openNamed(name: string): OpenCollection {
    return this.#open(name, new CollectionData(this.#namespace(name), undefined, this.#parsedBudget));
  }

  /**
   * Runs `run`; the first commit inside it (the first write that changes something) takes
   * the source's document into its journal batch, so both are durable together or neither
   * is (`@quire/store`'s `withAttachedWrite`).
   */
  withAttachedWrite<R>(
    source: AttachedDocumentSource,
    run: () => Promise<R>,
    options: AttachedWriteOptions = {},
  ): Promise<R> {
    return this.#attachScopes.run({ source, passOver: options.passOver, taken: false }, run);
  }

  /**
   * The attached document of the commit being made, inserted into its collection's memory
   * now (the commit's attempt is still running, synchronously): the journal then writes it
   * in the commit's batch, and a refused batch takes it back and lets the next commit try.
   */
  #attachToCommit(collection: string): AttachedCommit | undefined {
    const scope = this.#attachScopes.getStore();
    if (scope === undefined || scope.taken || scope.passOver?.has(collection)) return undefined;
    scope.taken = true;
    const attached = scope.source();
    if (attached === undefined) return undefined;
    const { data } = this.#collections.get(attached.collection) ?? this.#openNamed(attached.collection);
    const change = newDocument(structuredClone(attached.document));
    const prepared = data.prepare([change]);
    data.apply(prepared);
    return {
      collection: attached.collection,
      ops: [journalOp(attached.collection, change)],
      undo: () => {
        data.revert(prepared);
        scope.taken = false;
      },
      scope: [change],
    };
  }

  /** The names of the collections holding documents or indexes. */
  collectionNames(): string[] {
    return [...this.#collections].filter(([, { data }]) => !data.isEmpty).map(([name]) => name);
  }

  /** Documents held, by collection (for monitoring: one map size per collection, no parsing). */
  documentCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [name, { data }] of this.#collections) {
      if (!data.isEmpty) counts[name] = data.docs.size;
    }
    return counts;
  }

  /** Removes a collection's documents and indexes; false if it held nothing. */
  dropCollection(name: string): Promise<boolean> {
    return this.#writer.run(name, () => {
      const open = this.#collections.get(name);
      if (open === undefined || open.data.isEmpty) return { answer: false };
      const dropped = open.data.clear();
      const durable = this.#writer.commit(
        name,
        [{ op: 'dropCollection', c: name }],
        () => open.data.restore(dropped),
        'collection',
      );
      return { answer: true, durable };
    });
  }

  /**
   * A consistent copy of every collection, taken synchronously (so at one point between
   * writes) for compaction. Documents are shared immutable strings, so the copy costs one
   * map entry per document.
   */
  snapshot(): DatabaseState {
    const state: DatabaseState = new Map();
    for (const [name, { data }] of this.#collections) {
      if (!data.isEmpty) state.set(name, data.snapshot());
    }
    return state;
  }

  #open(name: string, data: CollectionData): OpenCollection {
    checkCollectionName(name);
    const open = { data, collection: new EmbeddedCollection(name, data, this.#writer) };
    this.#collections.set(name, open);
    return open;
  }

  #namespace(collection: string): string {
    return this.#name === undefined ? collection : `${this.#name}.${collection}`;
  }
}

function checkCollectionName(name: string): void {
  if (
    typeof name !== 'string' ||
    name === '' ||
    name.includes('\0') ||
    name.includes('$') ||
    name.startsWith('system.')
  ) {
    throw new EmbeddedServerError('InvalidNamespace', `Invalid collection name: ${JSON.stringify(name)}`);
  }
}
