/**
 * How large a shared document may grow (`maxDocumentBytes`), kept cheaply: measuring a
 * document (`Y.encodeStateAsUpdate`) costs ~100 ms at 6 MB, too much for every keystroke. So the
 * budget adds up the updates applied since it last measured, an estimate that only overshoots
 * (a report rewritten replaces the old one, which Yjs drops), and measures again only when that
 * estimate would pass the cap, and only once enough was applied since to be worth it: a client
 * cannot make the server measure on every small update once the document is near full.
 *
 * It also keeps the document's share of the server's co-editing memory (`co-editing-memory.ts`):
 * the items each applied transaction added (counted from the store, after Yjs merged them) and
 * the bytes applied, and, when measured, the items it holds and its encoded size.
 */
import * as Y from 'yjs';
import { type CoEditingMemory, heapEstimateOf } from './co-editing-memory';

/**
 * A measurement costs in proportion to the document (at most the cap): it is made again only
 * after a sixteenth of the cap was applied since the last (1 MiB of updates at the default).
 */
const MEASURE_AFTER_SHARE_OF_CAP = 1 / 16;

/** The items a document holds: O(its clients), each client's structs being one array. */
function itemsOf(doc: Y.Doc): number {
  let items = 0;
  for (const structs of doc.store.clients.values()) items += structs.length;
  return items;
}

/** The items a transaction added to its document's store (O(the clients it changed)). */
function itemsAddedBy(transaction: Y.Transaction): number {
  let added = 0;
  for (const [client, clock] of transaction.afterState) {
    const before = transaction.beforeState.get(client) ?? 0;
    const structs = transaction.doc.store.clients.get(client);
    if (clock === before || !structs) continue;
    // The struct holding the last clock before may have merged with what came after it.
    added += before === 0 ? structs.length : structs.length - 1 - Y.findIndexSS(structs, before - 1);
  }
  return added;
}

export class DocumentBudget {
  private measured = 0;
  private sinceMeasured = 0;
  /** This document's share of the server's memory, as counted there. */
  private heap = 0;
  private readonly onUpdate = (
    update: Uint8Array,
    _origin: unknown,
    _doc: Y.Doc,
    transaction: Y.Transaction,
  ) => {
    this.sinceMeasured += update.byteLength;
    this.setHeap(this.heap + heapEstimateOf(itemsAddedBy(transaction), update.byteLength));
  };

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxBytes: number,
    private readonly memory: CoEditingMemory,
  ) {
    this.measure();
    memory.track(this);
    // Every update applied counts: the editors', the server's own writes, the relay's.
    doc.on('update', this.onUpdate);
  }

  /** The document's encoded size as last estimated (what an answer to a request for all of it sends). */
  get bytes(): number {
    return this.measured + this.sinceMeasured;
  }

  /** Bytes applied since the document was last measured. */
  get unmeasuredBytes(): number {
    return this.sinceMeasured;
  }

  /**
   * Whether an update of `bytes` holding `items` structs may be applied: the document would
   * stay within its cap, and the server's documents within their memory.
   */
  admits(bytes: number, items: number): boolean {
    if (!this.withinCap(bytes)) return false;
    return this.memory.admits(heapEstimateOf(items, bytes));
  }

  private withinCap(bytes: number): boolean {
    if (this.measured + this.sinceMeasured + bytes <= this.maxBytes) return true;
    // Measured a moment ago: the estimate is close enough to refuse by.
    return this.measureAgain() && this.measured + bytes <= this.maxBytes;
  }

  /** Measures the document again when enough was applied since the last time; says whether it did. */
  measureAgain(): boolean {
    if (this.sinceMeasured < this.maxBytes * MEASURE_AFTER_SHARE_OF_CAP) return false;
    this.measure();
    return true;
  }

  private measure(): void {
    this.measured = Y.encodeStateAsUpdate(this.doc).byteLength;
    this.sinceMeasured = 0;
    this.setHeap(heapEstimateOf(itemsOf(this.doc), this.measured));
  }

  private setHeap(heap: number): void {
    this.memory.change(heap - this.heap);
    this.heap = heap;
  }

  stop(): void {
    this.doc.off('update', this.onUpdate);
    this.memory.untrack(this);
    this.setHeap(0);
  }
}
