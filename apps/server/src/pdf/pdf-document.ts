/**
 * What `renderPdf` renders: a title, the pages in tree order, and two callbacks that fetch
 * what is heavy only when it is drawn.
 *
 * Page titles and depths are all given up front, because the table of contents comes
 * before the first page; bodies are asked for one at a time, in order, as each page is
 * drawn (`bodyOf`), so a 500-page export holds one body at a time, never all of them.
 * Images are fetched when drawn too (`imageOf`), and dropped once embedded.
 *
 * A body is GitBook's document tree of the page's markdown (`markdownToDocument` of
 * `@quire/documents`, the tree the API's page reads answer), not the markdown itself: the
 * tree already carries GitBook's constructs (hints, grid tables, captions, page and file
 * references) that a plain markdown parser would leave as text, and the server keeps the
 * trees of recent bodies (`documentOfBody`), so a page read and an export share them.
 */
import type { ImageRef, JSONDocument } from '@quire/documents';

export interface PdfDocument {
  title: string;
  pages: readonly PdfPageEntry[];
  /** The body of `pages[index]`, asked for once per page, in order. */
  bodyOf(index: number): Promise<PdfBody>;
  /** An image's bytes; null when it cannot be had. Anything but PNG or JPEG is drawn as a placeholder. */
  imageOf(ref: PdfImageRef): Promise<Uint8Array | null>;
  /** The names of the revision's files by id (a file block is drawn as its name). */
  fileNames?: Readonly<Record<string, string>>;
  /**
   * The document of a reusable content of the revision, asked for when a page includes it;
   * null when the revision has none of that id. Without it, an include is a placeholder.
   */
  reusableOf?(id: string): Promise<PdfIncluded | null>;
}

export interface PdfPageEntry {
  /** The page's id: links to it from other pages of the export jump to it. */
  id: string;
  title: string;
  /** 0 for a top-level page, 1 for its children... */
  depth: number;
}

/** A page body: the blocks of its document tree (a whole `JSONDocument` will do). */
export type PdfBody = Pick<JSONDocument, 'nodes'>;

/** A reusable content's body, with the length of the markdown it was read from (what a page's `IncludeBudget` counts). */
export type PdfIncluded = PdfBody & { chars: number };

export type PdfImageRef = ImageRef;
