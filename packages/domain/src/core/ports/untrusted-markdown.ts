/**
 * Reading markdown from outside (a page body or a comment in a request, an imported or Git
 * file, a translation) into the form Quire stores. A port because its cost is not bounded by
 * the text's length (micromark is quadratic on some inputs, see `@quire/documents`'
 * `readUntrustedMarkdown`): the server reads it in a thread of its own under a deadline and a
 * memory cap, so that no input holds the request thread; markdown beyond the budget is
 * refused (`ok: false`), and the operation answers a 400 naming the field it came in.
 *
 * What comes back was also read as a document tree within the budget, so the request thread
 * may read the stored text again later (documents, outlines, links, search). The order in an
 * operation: its input's schema (sizes) first, then this port, then anything that reads the
 * text; no operation parses the text sent before the port accepted it (a Git import's pages
 * keep their relative links until their one reading here resolves them).
 */
import type { UntrustedMarkdownOptions, UntrustedMarkdownReading } from '@quire/documents';

export type { UntrustedMarkdownOptions, UntrustedMarkdownReading } from '@quire/documents';

export interface UntrustedMarkdown {
  read(markdown: string, options?: UntrustedMarkdownOptions): Promise<UntrustedMarkdownReading>;
  /**
   * The documents' JSON of stored texts (`JSON.stringify(markdownToDocument(m))`, in order),
   * converted in one task off the request thread, under the budget each text's length gives;
   * null for a text that is refused (beyond the parser's limits or its budget: a text stored
   * before it was read under one). For texts read as documents in a list (comments, replies,
   * reviews' comments), which would otherwise hold the request thread for their sum.
   */
  documentsOf(markdowns: readonly string[]): Promise<Array<string | null>>;
  /** Readings that run at once (one per markdown thread): an import hands over that many pages at a time. */
  readonly readsAtOnce?: number;
}
