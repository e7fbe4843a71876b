/**
 * A repository's reusable contents, as files (GitBook's `.gitbook/includes/*.md` under the
 * content's root): read into the domain's `IncludeFile`s on import, written back on export.
 * The rules (titles, ids, include paths, cycles) are the domain's
 * (`git-sync/reusable-content-includes.ts`); this file is the bytes: which tree entries are
 * include files, their front matter, their size, and the text and path of each file written.
 *
 * Outcomes on import: a file over `maxFileBytes` refuses the repository ('too-large', as a
 * page would); a front matter that is not a YAML mapping, or whose `title` is not text, is
 * read as no front matter (the whole file is the body) and named in `problems`, and so is one
 * longer than `MAX_INCLUDE_FRONT_MATTER`; a file that
 * is not UTF-8 is read with replacement characters, as pages are.
 */

import { FrontMatterError } from '@quire/documents';
import {
  ContentImportError,
  type ExportedReusableContent,
  exportIncludes,
  type IncludeFile,
  includeFileText,
  includePaths,
  isIncludeFile,
} from '@quire/domain';
import { frontMatterSplit } from '../imports/markdown-page';
import type { RepositoryTreeFile } from './read-repository';
import { joinRepositoryPath, pathUnder, safeRepositoryPath } from './repository-path';

/**
 * The longest front matter of an include file read, in characters: it is read on the job's
 * thread, the server's, where YAML costs about a second a megabyte; a title needs a line.
 * A longer one is read as none (the whole file is the body), as a front matter that is not
 * YAML is.
 */
export const MAX_INCLUDE_FRONT_MATTER = 64 * 1024;

export interface ReadIncludeFiles {
  files: IncludeFile[];
  /** What was read otherwise than written (a front matter that did not read), by path. */
  problems: string[];
}

/** The include files under `root` (from the repository's root), in path order. */
export function readIncludeFiles(
  tree: readonly RepositoryTreeFile[],
  root: string,
  maxFileBytes: number,
): ReadIncludeFiles {
  const files: IncludeFile[] = [];
  const problems: string[] = [];
  const decoder = new TextDecoder();
  const entries = tree
    .map((file) => ({ file, inRoot: pathUnder(root, safeRepositoryPath(file.path, 'The repository file')) }))
    .filter(
      (entry): entry is { file: RepositoryTreeFile; inRoot: string } =>
        entry.inRoot !== null && isIncludeFile(entry.inRoot),
    )
    .sort((a, b) => (a.inRoot < b.inRoot ? -1 : a.inRoot > b.inRoot ? 1 : 0));
  for (const { file, inRoot } of entries) {
    if (file.bytes.byteLength > maxFileBytes) {
      throw new ContentImportError(
        'too-large',
        `${file.path} is ${file.bytes.byteLength} bytes, more than the ${maxFileBytes} allowed`,
      );
    }
    const text = decoder.decode(file.bytes);
    const git = { oid: file.oid, path: file.path };
    try {
      // Only the front matter block is parsed here, on the job's thread: the body (as large as
      // `maxFileBytes`) is read on a markdown thread, under its budget (a 1 MB body parsed here
      // held the server 35 s).
      const split = frontMatterSplit(text, MAX_INCLUDE_FRONT_MATTER);
      const { data } = split;
      // The blank line GitBook writes after the front matter is the file's, not the body's.
      const body = split.body.replace(/^(?:\r?\n)+/, '');
      const title = data.title;
      if (title !== undefined && typeof title !== 'string') {
        problems.push(`${file.path}: the front matter's title is not text`);
        files.push({ path: inRoot, body, git });
      } else
        files.push({ path: inRoot, body, git, ...(title !== undefined ? { frontMatterTitle: title } : {}) });
    } catch (error) {
      if (!(error instanceof FrontMatterError)) throw error;
      problems.push(`${file.path}: ${error.message}`);
      files.push({ path: inRoot, body: text, git });
    }
  }
  return { files, problems };
}

/**
 * An include file to write: its path from the repository's root and its text, or, for a
 * reusable content unchanged since the import read it, the blob it was read from (`oid`).
 */
export type IncludeFileToWrite = { id: string; path: string } & ({ text: string } | { oid: string });

/**
 * The include files of `contents` under `root` (from the repository's root), and where each
 * reusable content is (by id, from the content's root) for `pageIncludes`.
 */
export function includeFilesToWrite(
  contents: readonly ExportedReusableContent[],
  root: string,
): { files: IncludeFileToWrite[]; pathOfId: Map<string, string> } {
  const pathOfId = includePaths(contents, root);
  const files = contents.map((content): IncludeFileToWrite => {
    const path = pathOfId.get(content.id) as string;
    if (content.unchanged && content.git && content.git.path === joinRepositoryPath(root, path))
      return { id: content.id, path: content.git.path, oid: content.git.oid };
    return {
      id: content.id,
      path: joinRepositoryPath(root, path),
      text: includeFileText(content.title, exportIncludes(content.markdown, path, pathOfId)),
    };
  });
  return { files, pathOfId };
}

/** A page's markdown with its stored includes written as paths relative to its file (from the content's root). */
export const pageIncludes = (
  markdown: string,
  pagePath: string,
  pathOfId: ReadonlyMap<string, string>,
): string => exportIncludes(markdown, pagePath, pathOfId);
