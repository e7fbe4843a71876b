/**
 * A collection's memory: its documents as JSON text keyed by `_id` key, the `_id` index and
 * the secondary indexes, changed only through whole writes that are checked first
 * (`prepare`, which may throw and changes nothing) and then applied (`apply`, which cannot
 * fail), so a refused write leaves no trace. A write the journal refuses after it was
 * applied is taken back by `revert` (and an index or a drop by `removeIndex`, `restore`),
 * latest first, which brings memory back exactly to the state before it.
 */
import type { Document } from '@quire/store';
import type { CollectionState, IndexDefinition } from '../journal-types';
import { type DocumentId, idFromKey, idKeyOf } from './document-id';
import { DuplicateKeyError } from './errors';
import { IdIndex } from './id-index';
import { ID_INDEX } from './index-spec';
import { type IndexKeys, IndexTree, type OrderedIndex } from './index-tree';
import { ParsedBudget, ParsedDocuments } from './parsed-documents';

/** One document's part in a write. */
export interface DocumentChange {
  id: DocumentId;
  key: string;
  /** The stored JSON before the write; undefined for an insert. */
  before: string | undefined;
  /** The checked document after the write and its JSON; undefined for a delete. */
  after: { doc: Document; json: string } | undefined;
}

/** A write that passed every check, with the new documents' index keys (one list per index). */
export interface PreparedWrite {
  readonly changes: readonly DocumentChange[];
  readonly newKeys: ReadonlyArray<IndexKeys[] | undefined>;
}

/** What a dropped collection held, kept until the drop is durable. */
export interface DroppedContents {
  readonly docs: ReadonlyMap<string, string>;
  readonly indexes: IndexTree[];
}

export class CollectionData {
  readonly namespace: string;
  /**
   * `_id` key to JSON text. Kept as text so memory stays close to the documents' JSON size
   * and every read parses a private copy that callers may mutate freely.
   */
  readonly docs: Map<string, string>;
  readonly idIndex: IdIndex;
  /** Recently returned documents, parsed (see `parsed-documents.ts`). */
  readonly parsed: ParsedDocuments;
  #indexes: IndexTree[];
  /** `orderedIndexes`, made again only when the indexes change (every query plans over it). */
  #ordered: readonly OrderedIndex[] | undefined;

  /**
   * Takes ownership of `state.docs` (recovery hands it over; copying a million entries would
   * be waste). `budget` is shared by the collections of a database.
   */
  constructor(namespace: string, state?: CollectionState, budget: ParsedBudget = new ParsedBudget()) {
    this.namespace = namespace;
    this.docs = state?.docs ?? new Map();
    this.parsed = new ParsedDocuments(budget);
    this.idIndex = new IdIndex([...this.docs.keys()].map(idFromKey));
    const definitions = (state?.indexes ?? []).filter((index) => index.name !== ID_INDEX.name);
    this.#indexes =
      definitions.length === 0
        ? []
        : IndexTree.buildAll(definitions, () => this.parsedDocuments(), namespace);
  }

  get isEmpty(): boolean {
    return this.docs.size === 0 && this.#indexes.length === 0;
  }

  /** The `_id` index first, then the secondary indexes in creation order. */
  get orderedIndexes(): readonly OrderedIndex[] {
    this.#ordered ??= Object.freeze([this.idIndex, ...this.#indexes]);
    return this.#ordered;
  }

  /** The secondary indexes' definitions (the `_id` index is implicit and never journaled). */
  get indexDefinitions(): IndexDefinition[] {
    return this.#indexes.map((index) => index.definition);
  }

  *parsedDocuments(): Iterable<readonly [DocumentId, Document]> {
    for (const [key, json] of this.docs) yield [idFromKey(key), JSON.parse(json) as Document];
  }

  /** Builds and adds an index; throws (adding nothing) if its documents violate it. */
  addIndex(definition: IndexDefinition): void {
    const [index] = IndexTree.buildAll([definition], () => this.parsedDocuments(), this.namespace);
    this.#indexes.push(index!);
    this.#ordered = undefined;
  }

  /** Takes back the latest `addIndex`. */
  removeIndex(name: string): void {
    this.#indexes = this.#indexes.filter((index) => index.definition.name !== name);
    this.#ordered = undefined;
  }

  /**
   * Checks a write against the unique indexes (the `_id` index included) and computes the
   * new documents' index keys. Throws `DuplicateKeyError` (or a parallel-arrays error) and
   * changes nothing if the write is refused.
   */
  prepare(changes: readonly DocumentChange[]): PreparedWrite {
    const rewritten = new Set<string>();
    for (const change of changes) if (change.before !== undefined) rewritten.add(change.key);

    const inserted = new Set<string>();
    for (const change of changes) {
      if (change.before !== undefined || change.after === undefined) continue;
      if ((this.docs.has(change.key) && !rewritten.has(change.key)) || inserted.has(change.key)) {
        throw new DuplicateKeyError(this.namespace, ID_INDEX, [change.id]);
      }
      inserted.add(change.key);
    }

    const newKeys = changes.map((change) =>
      change.after === undefined ? undefined : this.#indexes.map((index) => index.keysOf(change.after!.doc)),
    );
    const isRewritten = (id: DocumentId) => rewritten.has(idKeyOf(id));
    this.#indexes.forEach((index, position) => {
      if (!index.definition.unique) return;
      // Keys the write itself produces, so two new documents cannot share one either.
      const claimed = new Map<string, DocumentId>();
      changes.forEach((change, i) => {
        const keys = newKeys[i]?.[position];
        keys?.encoded.forEach((encoded, k) => {
          const claimant = claimed.get(encoded);
          if (
            (claimant !== undefined && claimant !== change.id) ||
            index.findHolder(encoded, change.id, isRewritten) !== undefined
          ) {
            throw new DuplicateKeyError(this.namespace, index.definition, keys.tuples[k]!);
          }
          claimed.set(encoded, change.id);
        });
      });
    });
    return { changes, newKeys };
  }

  apply(write: PreparedWrite): void {
    write.changes.forEach((change, i) => {
      if (this.#indexes.length > 0) this.#updateIndexes(change, write.newKeys[i]);
      this.parsed.forget(change.key);
      if (change.after !== undefined) {
        this.docs.set(change.key, change.after.json);
        if (change.before === undefined) this.idIndex.add(change.id);
      } else {
        this.docs.delete(change.key);
        this.idIndex.remove(change.id);
      }
    });
  }

  /**
   * Takes back `write`, which must be the latest write applied (later ones taken back
   * first): each change is replaced by its inverse, in reverse order, so every index and
   * the `_id` index return to what they held before.
   */
  revert(write: PreparedWrite): void {
    const inverse = write.changes.toReversed().map(invertChange);
    this.apply({
      changes: inverse,
      newKeys: inverse.map((change) =>
        change.after === undefined
          ? undefined
          : this.#indexes.map((index) => index.keysOf(change.after!.doc)),
      ),
    });
  }

  #updateIndexes(change: DocumentChange, newKeys: IndexKeys[] | undefined): void {
    const oldDoc = change.before === undefined ? undefined : this.parsed.view(change.key, change.before);
    this.#indexes.forEach((index, position) => {
      const oldKeys = oldDoc === undefined ? undefined : index.keysOf(oldDoc);
      const keys = newKeys?.[position];
      if (oldKeys !== undefined && keys !== undefined && sameKeys(oldKeys, keys)) return;
      if (oldKeys !== undefined) index.remove(oldKeys, change.id);
      if (keys !== undefined) index.add(keys, change.id);
    });
  }

  /** Empties the collection; returns what `restore` needs to take that back. */
  clear(): DroppedContents {
    const dropped = { docs: new Map(this.docs), indexes: this.#indexes };
    this.parsed.clear();
    this.docs.clear();
    this.idIndex.clear();
    this.#indexes = [];
    this.#ordered = undefined;
    return dropped;
  }

  /** Takes back the latest `clear`. */
  restore(dropped: DroppedContents): void {
    for (const [key, json] of dropped.docs) {
      this.docs.set(key, json);
      this.idIndex.add(idFromKey(key));
    }
    this.#indexes = dropped.indexes;
    this.#ordered = undefined;
  }

  /** A copy sharing the (immutable) JSON strings: cheap, and unaffected by later writes. */
  snapshot(): CollectionState {
    return {
      docs: new Map(this.docs),
      indexes: this.#indexes.map(({ definition }) => ({
        ...definition,
        key: definition.key.map(([f, d]) => [f, d]),
      })),
    };
  }
}

/** The change that undoes `change`. */
function invertChange(change: DocumentChange): DocumentChange {
  return {
    id: change.id,
    key: change.key,
    before: change.after?.json,
    after: change.before === undefined ? undefined : { doc: JSON.parse(change.before), json: change.before },
  };
}

function sameKeys(a: IndexKeys, b: IndexKeys): boolean {
  return (
    a.multikey === b.multikey &&
    a.encoded.length === b.encoded.length &&
    a.encoded.every((encoded, i) => encoded === b.encoded[i])
  );
}
