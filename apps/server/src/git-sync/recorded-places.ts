/**
 * An export's pages and files with the places an import read them from, for the writer
 * (`writeRepository`): the recorded path (from the repository's root) made relative to the
 * content's root (one outside it, the project folder or root having changed since, is
 * none: the page is placed anew); a page or reusable content the domain found unchanged
 * since that import keeps its blob, when the repository written to holds it (else it is
 * written from its content): the import may have read it from another repository (the Git
 * settings pointed elsewhere since, a space duplicated from one synced elsewhere), and a tree
 * naming a blob its repository lacks is a broken commit (a push of it fails).
 */
import type { ExportedReusableContent, GitBlob, GitExportedPage } from '@quire/domain';
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
    const kept = recordedPath === undefined ? undefined : await keptBlob(unchanged, git, holds);
    return {
      ...rest,
      children: await Promise.all(children.map(place)),
      ...(recordedPath !== undefined ? { recordedPath } : {}),
      ...(kept !== undefined ? { unchangedBlob: kept } : {}),
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

/** The reusable contents of an export, `unchanged` (their blob written back) only where the repository holds that blob. */
export async function withHeldIncludeBlobs(
  contents: readonly ExportedReusableContent[],
  holds: (oid: string) => Promise<boolean>,
): Promise<ExportedReusableContent[]> {
  return Promise.all(
    contents.map(async (content) => {
      if (content.unchanged !== true || (await keptBlob(true, content.git, holds)) !== undefined)
        return content;
      const { unchanged: _unchanged, ...written } = content;
      return written;
    }),
  );
}

/** The blob an import read as `git` when it goes back as it is: unchanged since, and held by the repository. */
async function keptBlob(
  unchanged: boolean | undefined,
  git: GitBlob | undefined,
  holds: (oid: string) => Promise<boolean>,
): Promise<string | undefined> {
  return unchanged === true && git !== undefined && (await holds(git.oid)) ? git.oid : undefined;
}
