/**
 * An export's pages and files with the places an import read them from, for the writer
 * (`writeRepository`): the recorded path (from the repository's root) made relative to the
 * content's root (one outside it, the project folder or root having changed since, is
 * none: the page is placed anew); a page the domain found unchanged since that import
 * keeps its blob, when the repository still holds it (else it is written from its content).
 */
import type { GitBlob, GitExportedPage } from '@quire/domain';
import type { ExportedFile, ExportedPage } from './exported-content';
import { pathUnder } from './repository-path';

export async function withRecordedPlaces(
  pages: readonly GitExportedPage[],
  files: readonly (ExportedFile & { git?: GitBlob })[],
  contentRoot: string,
  holds: (oid: string) => Promise<boolean>,
): Promise<{ pages: ExportedPage[]; files: ExportedFile[] }> {
  const recorded = (git: GitBlob | undefined) =>
    git ? (pathUnder(contentRoot, git.path) ?? undefined) : undefined;
  const place = async (page: GitExportedPage): Promise<ExportedPage> => {
    const { git, unchanged, children, ...rest } = page;
    const recordedPath = recorded(git);
    const keep =
      recordedPath !== undefined && unchanged === true && git !== undefined && (await holds(git.oid));
    return {
      ...rest,
      children: await Promise.all(children.map(place)),
      ...(recordedPath !== undefined ? { recordedPath } : {}),
      ...(keep ? { unchangedBlob: git.oid } : {}),
      ...(unchanged === true && git === undefined ? { unchangedWithoutFile: true } : {}),
    };
  };
  return {
    pages: await Promise.all(pages.map(place)),
    files: files.map(({ git, ...file }) => {
      const recordedPath = recorded(git);
      return recordedPath === undefined ? file : { ...file, recordedPath };
    }),
  };
}
