/**
 * Reading content from outside into pages and files (GitBook's `content/import`): a
 * website crawled under a path prefix, an HTML page, a markdown file, a zip of markdown
 * and images, a docx. A port because fetching, unpacking and converting are I/O and
 * libraries; the operations turn what comes back into one new revision.
 */

import type { FolderLinks } from '@quire/documents';
import type { PageTypeFields } from './page-types';

/** The sources Quire can read. GitBook's enum has more; those answer 400 naming these. */
export const IMPORT_SOURCES = ['website', 'html', 'markdown', 'zip', 'docx'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportRequest {
  source: ImportSource;
  /** Where to fetch from (http/https, through the outbound-fetch rules). */
  url?: string;
  /** The bytes themselves (the CLI imports local files); `name` gives the file name. */
  bytes?: Uint8Array;
  name?: string;
}

/**
 * A page read from the source. Links between imported pages are written in `markdown` as
 * `quire-import:page/<ref>` URLs and images as `quire-import:file/<ref>`; the operation
 * replaces them with the pages' and files' ids (`/pages/<id>`, `/files/<id>`).
 */
export interface ImportedPage extends PageTypeFields {
  ref: string;
  /** The slug the source gives the page (a Git Sync group heading's anchor id); absent: from its title. */
  slug?: string;
  title: string;
  markdown: string;
  /**
   * Set when `markdown` still holds the links its source wrote, relative to its path in the
   * source's folder tree: where they lead (the tables shared by the import's pages). The
   * page's reading resolves them (`acceptedBodies`), as the folder reader would have.
   */
  folderLinks?: FolderLinks;
  children: ImportedPage[];
  /** The repository file it was read from (a Git Sync import); null: listed, but no file. */
  git?: { oid: string; path: string } | null;
  /** Settings some sources carry (a repository page's front matter). */
  description?: string;
  icon?: string;
  emoji?: string;
  hidden?: boolean;
}

/** A file read from the source, already stored in the blob store. */
export interface ImportedFile {
  ref: string;
  name: string;
  hash: string;
  size: number;
  contentType: string;
  dimensions?: { width: number; height: number };
  /** The repository file it was read from (a Git Sync import). */
  git?: { oid: string; path: string };
}

export interface ImportedContent {
  pages: ImportedPage[];
  files: ImportedFile[];
  /** Resources (pages and files) found, and those imported (at most the configured limit). */
  totalResources: number;
  importedResources: number;
}

/** Why an import failed; `message` is safe to show to the caller. */
export type ContentImportFailure =
  | 'fetch-failed'
  | 'not-that-type'
  | 'too-large'
  | 'corrupt'
  | 'unsafe-path'
  | 'empty';

export class ContentImportError extends Error {
  override name = 'ContentImportError';
  constructor(
    readonly reason: ContentImportFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ContentImports {
  /** Reads the source; `progress` is called as resources are read (done of total so far). */
  read(request: ImportRequest, progress: (done: number, total: number) => void): Promise<ImportedContent>;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** Content read from outside (imports of websites, HTML, markdown, zips, docx). */
    contentImports: ContentImports;
  }
}
