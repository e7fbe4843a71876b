/**
 * The memory all shared documents of this server may hold together (`maxMemoryBytes`): the
 * document cap counts encoded bytes, and an update of many tiny items costs far more in memory
 * than on the wire. Measured with Node's heap (`bench/co-editing-memory.ts`): 200,000 one-letter
 * items, 2.2 MB encoded, held 42 MB (210 bytes an item, 19 times the encoded size); 50,000
 * paragraphs (each a Yjs type), 1 MB encoded, 34 MB (670 an item, 34 times); 100,000 map keys
 * 450 an item; long text 1.05 bytes an encoded byte. With `QUIRE_COLLAB_MAX_DOCUMENTS` pages open, nothing bounded
 * the sum (a writer on 20 pages could hold about 6 GB). Each document's use is estimated from
 * what it holds (`heapEstimateOf`) and kept by its budget (`document-budget.ts`); an update
 * that would take the sum past the limit is refused as one past the document cap is.
 */
import type { DocumentBudget } from './document-budget';

/**
 * Heap bytes a Yjs item costs, the costliest kind measured (a type, 670) rounded up: text typed
 * letter by letter is overestimated about three times, never under.
 */
export const HEAP_BYTES_PER_ITEM = 700;
/** Heap bytes an encoded byte of content costs at most: a string's character, two-byte in V8. */
export const HEAP_BYTES_PER_ENCODED_BYTE = 2;

/** The heap a document (or an update) is estimated to take: an overestimate, by the measures above. */
export const heapEstimateOf = (items: number, encodedBytes: number): number =>
  items * HEAP_BYTES_PER_ITEM + encodedBytes * HEAP_BYTES_PER_ENCODED_BYTE;

export class CoEditingMemory {
  private total = 0;
  private readonly budgets = new Set<DocumentBudget>();

  constructor(readonly maxBytes: number) {}

  /** The heap all open documents are estimated to take. */
  get bytes(): number {
    return this.total;
  }

  track(budget: DocumentBudget): void {
    this.budgets.add(budget);
  }

  untrack(budget: DocumentBudget): void {
    this.budgets.delete(budget);
  }

  /** Counts a change of a document's estimate. */
  change(bytes: number): void {
    this.total += bytes;
  }

  /**
   * Whether `bytes` more fit. An estimate overshoots (content deleted or rewritten, as every
   * report rewrites the page's markdown, still counts), so before refusing, the documents that
   * grew most since they were measured are measured again, each only when it grew enough to be
   * worth it (`DocumentBudget.measureAgain`): a refusal costs at most what was applied since.
   */
  admits(bytes: number): boolean {
    if (this.total + bytes <= this.maxBytes) return true;
    const grown = [...this.budgets].sort((a, b) => b.unmeasuredBytes - a.unmeasuredBytes);
    for (const budget of grown) {
      if (!budget.measureAgain()) break;
      if (this.total + bytes <= this.maxBytes) return true;
    }
    return false;
  }
}
