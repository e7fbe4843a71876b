/**
 * The engine's side of the journal: commits write batches with the way to take each back,
 * and keeps, per collection, the writes not yet acknowledged, so that nothing a caller is
 * given was built from a write that could still be refused.
 *
 * Writes are applied to memory at once (so concurrent writes see each other in call order,
 * which keeps `$inc`, compare-and-swap updates and unique checks atomic) and acknowledged
 * once durable. A read computes its answer from memory, then looks at the unacknowledged
 * writes of its collection: if one of them changed a document the read could see (one
 * whose version before or after the write matches its filter, or any document for an index
 * or a drop), the answer is held back until the latest such write is durable (and so all
 * before it: the journal makes batches durable in order, and refuses all later ones with
 * one). If that write is refused instead, memory has been put back by then and the read
 * runs again. A read that sees no pending change answers at once: its answer is the same
 * with or without them. A write that changes nothing, or is refused by a check (a
 * duplicate key), answers the same way, judged against every pending write of its
 * collection.
 */
import type { Document } from '@quire/store';
import type { Journal, JournalOp } from '../journal-types';
import type { DocumentChange } from './collection-data';

/** What a pending write changed: documents, or the whole collection (an index, a drop). */
export type WriteScope = readonly DocumentChange[] | 'collection';

/**
 * Which pending changes a read could see: those of one document (by `_id` key, for a point
 * read), or those with a version the predicate accepts (the read's filter).
 */
export type Visibility = { readonly key: string } | ((doc: Document) => boolean);

interface PendingWrite {
  readonly scope: WriteScope;
  /** True once durable, false if refused. */
  readonly durable: Promise<boolean>;
  /** The versions the write saw and made, parsed when a read first asks. */
  versions?: Document[];
}

export class JournalWriter {
  readonly #journal: Journal;
  /** Per collection, its writes not yet acknowledged, in commit order. */
  readonly #pending = new Map<string, PendingWrite[]>();

  /** What to put into the batch of the next commit, applied to memory already; see `AttachedCommit`. */
  readonly #attach: ((collection: string) => AttachedCommit | undefined) | undefined;

  constructor(journal: Journal, attach?: (collection: string) => AttachedCommit | undefined) {
    this.#journal = journal;
    this.#attach = attach;
  }

  /**
   * Resolves once `ops` are durable. If the journal refuses them, `undo` has been called
   * (with those of every later write, latest first) before this rejects. A write the
   * database attaches a document to (`attach`, see `withAttachedWrite`) carries that
   * document's ops in the same batch, and is pending in both collections.
   */
  commit(collection: string, ops: JournalOp[], undo: () => void, scope: WriteScope): Promise<void> {
    let attached: AttachedCommit | undefined;
    try {
      attached = this.#attach?.(collection);
    } catch (error) {
      // The attached document was refused (its `_id` taken): the write does not happen either.
      undo();
      throw error;
    }
    const committed =
      attached === undefined
        ? this.#journal.commit(ops, undo)
        : this.#journal.commit([...ops, ...attached.ops], () => {
            attached.undo();
            undo();
          });
    const durable = committed.then(
      () => true,
      () => false,
    );
    this.#track(collection, scope, durable);
    if (attached !== undefined) this.#track(attached.collection, attached.scope, durable);
    return committed;
  }

  #track(collection: string, scope: WriteScope, durable: Promise<boolean>): void {
    const write: PendingWrite = { scope, durable };
    let pending = this.#pending.get(collection);
    if (pending === undefined) {
      pending = [];
      this.#pending.set(collection, pending);
    }
    pending.push(write);
    void durable.then(() => this.#settle(collection, write));
  }

  /** Whether every write to `collection` is acknowledged: a read of it may answer at once. */
  isSettled(collection: string): boolean {
    return !this.#pending.has(collection);
  }

  /**
   * Runs a write: `attempt` reads memory and may apply a write, synchronously, and returns
   * its answer with, if it changed anything, the commit it made as `durable`. The answer is
   * given once that commit is durable (or its refusal once refused); an answer without a
   * commit, or an error `attempt` threw (a duplicate key, say), once the collection's
   * pending writes are durable, and `attempt` runs again if one was refused.
   */
  run<R>(collection: string, attempt: () => Attempt<R>): Promise<R> {
    let outcome: Attempt<R>;
    try {
      outcome = attempt();
    } catch (error) {
      return this.#after(
        this.#pending.get(collection)?.at(-1),
        () => Promise.reject(error),
        () => this.run(collection, attempt),
      );
    }
    const { answer, durable } = outcome;
    if (durable !== undefined) return durable.then(() => answer);
    return this.#after(
      this.#pending.get(collection)?.at(-1),
      () => answer,
      () => this.run(collection, attempt),
    );
  }

  /**
   * Runs a read: `compute` answers from memory, synchronously; `visibility` (built only if
   * writes are pending) says which document versions could change that answer.
   */
  read<R>(collection: string, compute: () => R, visibility: () => Visibility): Promise<R> {
    let answer: R;
    try {
      answer = compute();
    } catch (error) {
      return Promise.reject(error);
    }
    const pending = this.#pending.get(collection);
    if (pending === undefined) return Promise.resolve(answer);
    const seen = latestSeen(pending, visibility());
    return this.#after(
      seen,
      () => answer,
      () => this.read(collection, compute, visibility),
    );
  }

  #after<R>(
    write: PendingWrite | undefined,
    give: () => R | Promise<R>,
    again: () => Promise<R>,
  ): Promise<R> {
    if (write === undefined) {
      try {
        return Promise.resolve(give());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return write.durable.then((durable) => (durable ? give() : again()));
  }

  #settle(collection: string, write: PendingWrite): void {
    const pending = this.#pending.get(collection);
    if (pending === undefined) return;
    const position = pending.indexOf(write);
    if (position >= 0) pending.splice(position, 1);
    if (pending.length === 0) this.#pending.delete(collection);
  }
}

/** The latest of `pending` that changed a document version `visible` accepts. */
function latestSeen(pending: readonly PendingWrite[], visible: Visibility): PendingWrite | undefined {
  for (let i = pending.length - 1; i >= 0; i--) {
    const write = pending[i]!;
    if (write.scope === 'collection') return write;
    if (typeof visible !== 'function') {
      if (write.scope.some((change) => change.key === visible.key)) return write;
      continue;
    }
    write.versions ??= write.scope.flatMap(versionsOf);
    if (write.versions.some(visible)) return write;
  }
  return undefined;
}

function versionsOf(change: DocumentChange): Document[] {
  const versions: Document[] = [];
  if (change.before !== undefined) versions.push(JSON.parse(change.before) as Document);
  if (change.after !== undefined) versions.push(JSON.parse(change.after.json) as Document);
  return versions;
}

/**
 * A document another collection takes with a commit (an audit event with the change it
 * records): already applied to that collection's memory, its ops joined to the commit's
 * batch, `undo` taking it back if the batch is refused.
 */
export interface AttachedCommit {
  collection: string;
  ops: JournalOp[];
  undo: () => void;
  scope: WriteScope;
}

/** What one attempt at a write produced. */
export interface Attempt<R> {
  answer: R;
  /** The commit of the change it applied to memory; absent if it changed nothing. */
  durable?: Promise<void>;
}
