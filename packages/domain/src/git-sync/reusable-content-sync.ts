/**
 * The reusable contents of a Git import and export, on the revisions (the hooks the Git Sync
 * jobs call; the rules are `reusable-content-includes.ts`'):
 *
 * Import (`importedReusableContents`): each include file's body goes through the markdown
 * reading budget as a page's does (refused: the job fails with `code`, naming the file);
 * the files become the revision's reusable contents (ids kept by path), the includes in
 * them and in the pages are resolved to ids, the space's variables are kept; what names no
 * include file is `missing`, includes that lead back to themselves are `cycles` (both for the
 * job's log). Paths are the repository's (`git.path`), pages' and include files' alike, so
 * a relative include resolves the same whatever the project directory.
 *
 * Export (`exportedReusableContents`): the revision's reusable contents with their markdown,
 * for `includeFilesToWrite` (the server's).
 */

import { generateKeyBetween } from 'fractional-indexing';
import {
  loadBodies,
  type RevisionExtras,
  type RevisionRecord,
  reusableContentsOf,
  type StoredPage,
  variablesOf,
} from '../content';
import type { OperationContext } from '../core/context';
import { JobFailure } from '../jobs';
import {
  type ExportedReusableContent,
  type IncludeFile,
  idOfStoredInclude,
  importIncludes,
  includeCycles,
  includeTarget,
  mapIncludeTags,
  resolveIncludes,
} from './reusable-content-includes';

export interface ImportedReusableContents {
  /** For the job's revision (`JobContent.extras`). */
  extras: RevisionExtras;
  /** Each page's markdown with its includes resolved, in the order given. */
  pageMarkdown: string[];
  missing: string[];
  cycles: string[][];
}

export async function importedReusableContents(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown' | 'ids' | 'clock'>,
  head: RevisionRecord,
  files: readonly IncludeFile[],
  pages: ReadonlyArray<{ markdown: string; path: string | null }>,
  code: string,
): Promise<ImportedReusableContents> {
  const read: IncludeFile[] = [];
  for (const file of files) {
    const reading = await ctx.untrustedMarkdown.read(file.body);
    if (!reading.ok) throw new JobFailure(code, `${file.git.path} cannot be stored: ${reading.reason}`);
    read.push({ ...file, path: file.git.path, body: reading.markdown });
  }
  const [existing, variables] = await Promise.all([reusableContentsOf(ctx, head), variablesOf(ctx, head)]);
  const existingMarkdown = await loadBodies(
    ctx,
    [...existing.values()].map((content) => content.body),
  );
  const positions: string[] = [];
  const imported = importIncludes(read, existing, existingMarkdown, {
    newId: () => ctx.ids.newId(),
    now: ctx.clock.now().toISOString(),
    position: (index) => {
      while (positions.length <= index) positions.push(generateKeyBetween(positions.at(-1) ?? null, null));
      return positions[index] as string;
    },
  });
  const missing = [...imported.missing];
  const pageMarkdown = pages.map((page) =>
    page.path === null
      ? page.markdown
      : resolveIncludes(page.markdown, page.path, imported.idOfPath, missing),
  );
  // The include graph by path, for the cycles the log names.
  const pathOfId = new Map([...imported.idOfPath].map(([path, id]) => [id, path]));
  const includesOf = new Map<string, string[]>();
  for (const file of read) {
    const content = imported.reusableContents.get(imported.idOfPath.get(file.path) as string) as StoredPage;
    const markdown = imported.bodies.get(content.body)?.markdown ?? existingMarkdown.get(content.body) ?? '';
    includesOf.set(
      file.path,
      mapIncludeTags(markdown, () => undefined).includes.flatMap((argument) => {
        const id = idOfStoredInclude(argument);
        const target = id === undefined ? includeTarget(file.path, argument) : pathOfId.get(id);
        return target ? [target] : [];
      }),
    );
  }
  return {
    extras: { reusableContents: imported.reusableContents, variables, bodies: imported.bodies },
    pageMarkdown,
    missing,
    cycles: includeCycles(includesOf),
  };
}

/**
 * The revision's reusable contents with their markdown, in their order; `unchanged` for one
 * that is as the last import read it (the same title, body and blob as in the newest revision
 * of the line holding a commit), whose file is then written back as its blob.
 */
export async function exportedReusableContents(
  ctx: Pick<OperationContext, 'repos'>,
  revision: RevisionRecord,
): Promise<ExportedReusableContent[]> {
  const [current, imported] = await Promise.all([
    reusableContentsOf(ctx, revision),
    lastImport(ctx, revision).then((record) => (record ? reusableContentsOf(ctx, record) : new Map())),
  ]);
  const contents = [...current.values()].sort((a, b) =>
    a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1,
  );
  const isUnchanged = (content: StoredPage): boolean => {
    const then = imported.get(content.id);
    return (
      then !== undefined &&
      content.git !== undefined &&
      then.title === content.title &&
      then.body === content.body &&
      then.git?.oid === content.git.oid &&
      then.git?.path === content.git.path
    );
  };
  const markdown = await loadBodies(
    ctx,
    contents.map((content) => content.body),
  );
  return contents.map((content) => ({
    id: content.id,
    title: content.title,
    slug: content.slug,
    markdown: markdown.get(content.body) ?? '',
    ...(content.git ? { git: content.git } : {}),
    ...(isUnchanged(content) ? { unchanged: true } : {}),
  }));
}

/** The newest revision of `head`'s first-parent line that a Git import made (at most 1,000 back). */
async function lastImport(
  ctx: Pick<OperationContext, 'repos'>,
  head: RevisionRecord,
): Promise<RevisionRecord | null> {
  let revision: RevisionRecord | null = head;
  for (let step = 0; revision && step < 1_000; step++) {
    if (revision.git !== undefined) return revision;
    const parent: string | undefined = revision.parents[0];
    revision = parent === undefined ? null : await ctx.repos.revisions.findById(head.spaceId, parent);
  }
  return null;
}
