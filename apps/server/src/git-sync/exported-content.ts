/**
 * What the repository writer takes: a revision's pages as a tree in sibling order, with
 * their bodies as Quire stores them (page links `/pages/<id>[#anchor]`, files
 * `/files/<id>`), and its files with their bytes.
 */
import type { PageSettings } from './page-settings';

export interface ExportedPage extends PageSettings {
  id: string;
  title: string;
  /** The page's slug (its file's name; made safe and unique again when written). */
  slug: string;
  markdown: string;
  children: ExportedPage[];
}

export interface ExportedFile {
  id: string;
  name: string;
  bytes: Uint8Array;
}

/** A file the writer produces: its path from the content's root and its bytes. */
export interface WrittenFile {
  path: string;
  bytes: Uint8Array;
}
