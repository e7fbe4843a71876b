/**
 * How large a shared document may grow (`maxDocumentBytes`), kept cheaply: measuring a
 * document (`Y.encodeStateAsUpdate`) costs ~100 ms at 6 MB, too much for every keystroke. So the
 * budget adds up the updates applied since it last measured, an estimate that only overshoots
 * (a report rewritten replaces the old one, which Yjs drops), and measures again only when that
 * estimate would pass the cap, and only once enough was applied since to be worth it: a client
 * cannot make the server measure on every small update once the document is near full.
 */
import * as Y from 'yjs';

/**
 * A measurement costs in proportion to the document (at most the cap): it is made again only
 * after a sixteenth of the cap was applied since the last (1 MiB of updates at the default).
 */
const MEASURE_AFTER_SHARE_OF_CAP = 1 / 16;

export class DocumentBudget {
  private measured: number;
  private sinceMeasured = 0;
  private readonly onUpdate = (update: Uint8Array) => {
    this.sinceMeasured += update.byteLength;
  };

  constructor(
    private readonly doc: Y.Doc,
    private readonly maxBytes: number,
  ) {
    this.measured = Y.encodeStateAsUpdate(doc).byteLength;
    // Every update applied counts: the editors', the server's own writes, the relay's.
    doc.on('update', this.onUpdate);
  }

  /** The document's encoded size as last estimated (what an answer to a request for all of it sends). */
  get bytes(): number {
    return this.measured + this.sinceMeasured;
  }

  /** Whether an update of `bytes` may be applied (the document would stay within the cap). */
  admits(bytes: number): boolean {
    if (this.measured + this.sinceMeasured + bytes <= this.maxBytes) return true;
    // Measured a moment ago: the estimate is close enough to refuse by.
    if (this.sinceMeasured < this.maxBytes * MEASURE_AFTER_SHARE_OF_CAP) return false;
    this.measured = Y.encodeStateAsUpdate(this.doc).byteLength;
    this.sinceMeasured = 0;
    return this.measured + bytes <= this.maxBytes;
  }

  stop(): void {
    this.doc.off('update', this.onUpdate);
  }
}
