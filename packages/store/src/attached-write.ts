/**
 * A document written with the first change a piece of work makes, in the same atomic write
 * (the audit log's event with the change it records): `Store.withAttachedWrite`.
 *
 * Why in the store: the event and the change must never disagree after a crash, so neither
 * may be durable without the other. Both engines have one atomic unit that spans two
 * collections (the embedded journal's batch, a MongoDB transaction); only the store can put
 * a second document into it, so the domain says what to attach and the store decides how.
 */
import type { Document } from 'mongodb';

/** What to attach: a whole new document (its `_id` set) for `collection`. */
export interface AttachedDocument {
  collection: string;
  document: Document & { _id: string };
}

/**
 * Called once, synchronously, when the first write that changes something runs inside the
 * scope: the document to attach, or undefined to attach nothing (then nothing is attached to
 * any later write either). Computed late so that it can say what the work learnt before
 * writing (the organization an authorization resolved, say).
 */
export type AttachedDocumentSource = () => AttachedDocument | undefined;

/** How a scope treats its writes. */
export interface AttachedWriteOptions {
  /**
   * Collections whose writes neither carry the document nor count as the first write: what a
   * piece of work writes before its change is visible (a lock, objects nothing points at yet).
   */
  passOver?: ReadonlySet<string>;
}

/**
 * Runs `run`; the first write inside it (awaited or not: anything `run` starts) that
 * changes a document carries the source's document in the same atomic write. A write that
 * changes nothing (an update matching nothing, a refused insert) carries nothing, and the
 * next one is the first. If `run` changes nothing, nothing is attached.
 */
export type WithAttachedWrite = <R>(
  source: AttachedDocumentSource,
  run: () => Promise<R>,
  options?: AttachedWriteOptions,
) => Promise<R>;
