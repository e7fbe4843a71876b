/**
 * What the repository writer takes: a revision's pages as a tree in sibling order, with
 * their bodies as Quire stores them (page links `/pages/<id>[#anchor]`, files
 * `/files/<id>`), and its files with their bytes; each with the path it was read from, if
 * it was.
 */
import type { PageSettings } from './page-settings';

export interface ExportedPage extends PageSettings {
  id: string;
  /** A group page: a `## Heading` of the SUMMARY over its pages, with no file of its own; absent: a document. */
  type?: 'group' | 'link';
  /** A link page's address (another site): its SUMMARY item links to it; no file. */
  href?: string;
  title: string;
  /** The page's slug (its file's name; made safe and unique again when written). */
  slug: string;
  markdown: string;
  children: ExportedPage[];
  /** The path it was read from, relative to the content's root: it is written there again. */
  recordedPath?: string;
  /** The blob it was read from, when the page has not changed since: written as it is. */
  unchangedBlob?: string;
  /** Read without a file (the table of contents lists a missing one), and unchanged since. */
  unchangedWithoutFile?: boolean;
  /** The text of the file it was read from, when it changed since: its front matter is kept. */
  recordedText?: string;
}

export interface ExportedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
  /** The path it was read from, relative to the content's root: it is written there again. */
  recordedPath?: string;
}

/**
 * A file the writer produces: its path from the content's root and its bytes, or the blob
 * the repository already holds (an unchanged page, the table of contents kept).
 */
export type WrittenFile = { path: string; bytes: Uint8Array } | { path: string; oid: string };
