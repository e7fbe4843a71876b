/**
 * The Git Sync jobs, run by a worker as the user who started them. Rule by rule, for both:
 *
 * 1. the space is read and its starter authorized again (`triggerGitSync`; an import also
 *    needs the space unlocked): refused, the job fails `GIT_SYNC_REFUSED` with the guard's
 *    message, nothing read or written;
 * 2. the run's order is checked again (`gitSyncRuns` against the newest applied): older,
 *    the job ends with `{ignored: true}` and nothing read or written;
 * 3. the repository URL is unsealed (one this server did not seal fails `GIT_SYNC_REFUSED`).
 *
 * Import (`git.import`):
 * 4. the ref's newest commit is read (`GitRepositories.read`): a failure fails the job
 *    `GIT_<KIND>` with the port's safe message, the space untouched;
 * 5. the commit the space already holds (its head's `git.oid`), or the one its last export
 *    pushed, changes nothing: the job ends `{unchanged: true}`;
 * 6. the content REPLACES the space's (the repository is the source of truth): pages keep
 *    their ids where their place (parent and slug) is the same, and unchanged pages their
 *    stored objects (`keepUnchangedPages`), so a repository holding what the space holds
 *    makes no new revision; otherwise one revision (`git` = the commit) is written: with
 *    `standalone`, not moved to (the job answers it); else the space moves to it by
 *    compare-and-swap (`writeJobRevision`). Each page is read by the `UntrustedMarkdown`
 *    port (on its threads, several at once) in the same reading that resolves its links to
 *    the revision's page and file ids (`acceptedBodies`); a page refused fails the job
 *    `GIT_INVALID_CONTENT` naming it, nothing written. Then (not `standalone`) the
 *    `.gitbook.yaml`'s redirects replace the space's (`gitbook-redirects.ts`).
 *
 * Export (`git.export`):
 * 4. the space's current content is written to the ref as one commit of what changed
 *    (`GitRepositories.write`; none when nothing did), and pushed; a failure fails the job
 *    `GIT_<KIND>`, the repository as it was. Each page and file read by an import goes back
 *    to its path, a page unchanged since the last import (`lastImportIndex`) as its blob,
 *    and the table of contents as it was when the outline is unchanged.
 *
 * Then the newest applied timestamp, and the commit imported or exported, are recorded on
 * the space's Git settings. Known gap: two runs racing between the order check (2) and
 * that record can both apply (milliseconds; the later write wins on each side).
 */
import { z } from 'zod';
import {
  acceptedBodies,
  addImportedContent,
  filesOf,
  type ImportedContent,
  type ImportedPage,
  type ImportPlan,
  type JobContent,
  type PageIndex,
  pageIndexOf,
  planImport,
  type SpaceRecord,
  spaceHead,
  storedSpaceHead,
  writeJobRevision,
} from '../content';
import type { OperationContext } from '../core/context';
import { conflict } from '../core/errors';
import { failingOnRefusal, JobFailure, type JobHandler, type JobRecord } from '../jobs';
import { authorizeSpace } from '../policies/authorize-space';
import { changeGitSync } from './change-git-sync';
import { isUnchangedOutline, lastImportIndex } from './export-baseline';
import { exportedPagesOf } from './exported-pages';
import { type GitFailure, GitRepositoryError } from './git-repositories';
import { gitSyncRuns, newerTimestamp } from './git-sync-order';
import { GIT_EXPORT_JOB, GIT_IMPORT_JOB, type GitSyncPayload } from './git-sync-runs';
import { recordGitbookRedirects } from './gitbook-redirects';
import { keepUnchangedPages } from './kept-pages';
import type { GitSyncDirection, GitSyncRecord } from './records';
import { exportedReusableContents, importedReusableContents } from './reusable-content-sync';

export const GIT_SYNC_REFUSED = 'GIT_SYNC_REFUSED';

/** The job's code for each failure of the repository port. */
export const GIT_FAILURE_CODES: Record<GitFailure, string> = {
  'unsupported-url': 'GIT_UNSUPPORTED_URL',
  unreachable: 'GIT_UNREACHABLE',
  auth: 'GIT_AUTH',
  'not-found': 'GIT_NOT_FOUND',
  'unknown-ref': 'GIT_UNKNOWN_REF',
  rejected: 'GIT_REJECTED',
  'invalid-content': 'GIT_INVALID_CONTENT',
};

const PayloadSchema = z.object({
  spaceId: z.string(),
  sealedUrl: z.string(),
  ref: z.string(),
  projectDirectory: z.string().optional(),
  commitUrl: z.string().optional(),
  treeUrl: z.string().optional(),
  timestamp: z.string(),
  force: z.boolean(),
  standalone: z.boolean().optional(),
  commitMessage: z.string().optional(),
});

interface Prepared {
  payload: GitSyncPayload;
  space: SpaceRecord;
  /** The space's Git settings as the order check read them. */
  settings: GitSyncRecord | null;
  url: string;
}

/** Rules 1 to 3; null when the run is older than one applied. */
async function prepare(
  ctx: OperationContext,
  job: JobRecord,
  direction: GitSyncDirection,
): Promise<Prepared | null> {
  const payload = PayloadSchema.parse(job.payload) as GitSyncPayload;
  const space = await failingOnRefusal(GIT_SYNC_REFUSED, async () => {
    const { space } = await authorizeSpace(ctx, payload.spaceId, 'triggerGitSync');
    if (direction === 'import' && space.editMode === 'locked')
      throw conflict('The space is locked: its content cannot be edited');
    return space;
  }); // 1.
  const settings = await ctx.repos.gitSync.findBySpace(space.id);
  if (
    !gitSyncRuns({ timestamp: payload.timestamp, applied: settings?.appliedTimestamp, force: payload.force })
  )
    return null; // 2.
  const url = ctx.secrets.unseal(payload.sealedUrl);
  if (url === null)
    throw new JobFailure(GIT_SYNC_REFUSED, 'The repository URL was not sealed by this server'); // 3.
  return { payload, space, settings, url };
}

export const runGitImport: JobHandler = async (ctx, job, report) => {
  const prepared = await prepare(ctx, job, 'import');
  if (!prepared) return { ignored: true };
  const { payload, space, settings, url } = prepared;
  report.log(`reading ${payload.ref}`);
  const { commit, content: read } = await portFailureAsFailure(() =>
    ctx.gitRepositories.read({
      url,
      ref: payload.ref,
      ...(payload.projectDirectory ? { projectDirectory: payload.projectDirectory } : {}),
      signal: report.signal,
      progress: (done, total) => report.progress(done, total),
    }),
  ); // 4.
  const head = await storedSpaceHead(ctx, space);
  if (!payload.standalone && (head.git?.oid === commit.oid || settings?.exportedCommit === commit.oid)) {
    await recordApplied(ctx, space.id, payload.timestamp, { importedCommit: commit.oid });
    return { unchanged: true, commit: commit.oid }; // 5.
  }
  const git = {
    oid: commit.oid,
    // Git ends a message with a newline; GitBook shows it without.
    message: commit.message.trimEnd(),
    createdByService: commit.createdByService,
    ref: payload.ref,
    ...(payload.commitUrl ? { url: `${payload.commitUrl.replace(/\/+$/, '')}/${commit.oid}` } : {}),
  };
  // The repository's include files become the revision's reusable contents, pages' includes
  // their ids (include tags are lines of the text: no parse before the port reads the page).
  const content = read;
  const included =
    read.includes && read.includes.length > 0
      ? await importedReusableContents(
          ctx,
          head,
          read.includes,
          flatPages(content.pages).map((page) => ({ markdown: page.markdown, path: page.git?.path ?? null })),
          GIT_FAILURE_CODES['invalid-content'],
        )
      : undefined;
  if (included) {
    const markdown = included.pageMarkdown[Symbol.iterator]();
    for (const page of flatPages(content.pages)) page.markdown = markdown.next().value ?? page.markdown;
    if (included.missing.length > 0) report.log(`includes of no file: ${included.missing.join(', ')}`);
    for (const cycle of included.cycles) report.log(`include cycle: ${cycle.join(' -> ')}`);
  }
  // Every page's markdown through the reading budget before anything here reads it, in the
  // same reading as its links to the import's pages and files (ids of the head it lands on).
  const bodies = acceptedBodiesOnce(ctx, content);
  const revision = await writeJobRevision(
    ctx,
    { space, head, createdBy: job.createdBy, refused: GIT_SYNC_REFUSED, git, standalone: payload.standalone },
    async (base, index) => ({
      ...(await replacedContent(index, await filesOf(ctx, base), content, ctx, payload.treeUrl, bodies)),
      ...(included ? { extras: included.extras } : {}),
    }),
  ); // 6.
  // The `.gitbook.yaml` redirects answer at the space's old paths (issue 27 item 5, issue 28 item 5).
  if (!payload.standalone)
    await recordGitbookRedirects(ctx, space, revision, read.redirects ?? [], (line) => report.log(line));
  await recordApplied(ctx, space.id, payload.timestamp, { importedCommit: commit.oid });
  report.log(`imported ${commit.oid.slice(0, 12)}: revision ${revision.id}`);
  return { revision: revision.id, commit: commit.oid, unchanged: revision.id === head.id };
};

export const runGitExport: JobHandler = async (ctx, job, report) => {
  const prepared = await prepare(ctx, job, 'export');
  if (!prepared) return { ignored: true };
  const { payload, space, url } = prepared;
  const head = await spaceHead(ctx, space);
  const [index, files] = await Promise.all([pageIndexOf(ctx, head.tree), filesOf(ctx, head)]);
  const baseline = await lastImportIndex(ctx, head);
  const pages = await exportedPagesOf(ctx, index, baseline);
  const reusableContents = await exportedReusableContents(ctx, head);
  const author = await ctx.repos.users.findById(job.createdBy);
  report.log(`writing revision ${head.id} to ${payload.ref}`);
  const written = await portFailureAsFailure(() =>
    ctx.gitRepositories.write({
      url,
      ref: payload.ref,
      ...(payload.projectDirectory ? { projectDirectory: payload.projectDirectory } : {}),
      pages,
      files: files.map((file) => ({
        id: file.id,
        name: file.name,
        hash: file.hash,
        ...(file.git ? { git: { oid: file.git.oid, path: file.git.path } } : {}),
      })),
      ...(reusableContents.length > 0 ? { reusableContents } : {}),
      outlineUnchanged: isUnchangedOutline(index, baseline),
      message: payload.commitMessage ?? `Update from Quire (revision ${head.id})`,
      author: { name: author?.displayName ?? 'Quire', email: author?.email ?? 'quire@localhost' },
      signal: report.signal,
      progress: (done, total) => report.progress(done, total),
    }),
  ); // 4.
  await recordApplied(ctx, space.id, payload.timestamp, { exportedCommit: written.commit.oid });
  report.log(
    written.changed ? `pushed ${written.commit.oid.slice(0, 12)}` : 'nothing changed: no commit made',
  );
  return { commit: written.commit.oid, changed: written.changed, revision: head.id };
};

/** The import's pages and files in place of the revision's, kept where unchanged. */
async function replacedContent(
  index: PageIndex,
  files: readonly { id: string; name: string; hash: string }[],
  content: Awaited<ReturnType<OperationContext['gitRepositories']['read']>>['content'],
  ctx: OperationContext,
  treeUrl: string | undefined,
  bodies: (plan: ImportPlan) => Promise<ReadonlyMap<ImportedPage, string>>,
): Promise<JobContent> {
  const byPlace = new Map(
    [...index.pages.values()].map((page) => [`${page.parentId ?? ''}/${page.slug}`, page.id]),
  );
  const fileIds = new Map(files.map((file) => [`${file.hash}/${file.name}`, file.id]));
  const env = {
    now: ctx.clock.now().toISOString(),
    newId: () => ctx.ids.newId(),
    idFor: (parentId: string | null, slug: string) => byPlace.get(`${parentId ?? ''}/${slug}`),
    fileIdFor: (file: { hash: string; name: string }) => fileIds.get(`${file.hash}/${file.name}`),
    ...(treeUrl ? { blobUrl: (path: string) => `${treeUrl.replace(/\/+$/, '')}/${path}` } : {}),
  };
  const plan = planImport(new Map(), content, env);
  const added = addImportedContent(new Map(), content, env, plan, await bodies(plan));
  return { pages: keepUnchangedPages(added.pages, index), files: added.files, objects: added.bodies };
}

/**
 * The pages' bodies for a plan (`acceptedBodies`), read again only when a plan resolves the
 * links otherwise (the space moved meanwhile and a page or file id changed with it).
 */
function acceptedBodiesOnce(
  ctx: OperationContext,
  content: Pick<ImportedContent, 'pages'>,
): (plan: ImportPlan) => Promise<ReadonlyMap<ImportedPage, string>> {
  let last: { key: string; bodies: Promise<Map<ImportedPage, string>> } | undefined;
  return (plan) => {
    const key = JSON.stringify([...linkEntries(plan.links)]);
    if (last?.key !== key)
      last = { key, bodies: acceptedBodies(ctx, content, plan.links, GIT_FAILURE_CODES['invalid-content']) };
    return last.bodies;
  };
}

function* linkEntries(links: ImportPlan['links']): Iterable<[string, string]> {
  yield* links.keepingAnchor ?? [];
  yield* links.droppingAnchor ?? [];
}

/** The pages of a tree, depth first (the same objects). */
function flatPages<Page extends { children: Page[] }>(pages: readonly Page[]): Page[] {
  return pages.flatMap((page) => [page, ...flatPages(page.children)]);
}

async function recordApplied(
  ctx: OperationContext,
  spaceId: string,
  timestamp: string,
  commit: { importedCommit: string } | { exportedCommit: string },
): Promise<void> {
  await changeGitSync(ctx, spaceId, (current) => {
    // The installation was deleted meanwhile: the run's outcome is not recorded again.
    if (!current)
      throw new JobFailure(GIT_SYNC_REFUSED, 'The Git settings of the space were deleted meanwhile');
    return {
      ...current,
      ...commit,
      appliedTimestamp: newerTimestamp(current.appliedTimestamp, timestamp),
      updatedAt: ctx.clock.now().toISOString(),
    };
  });
}

async function portFailureAsFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GitRepositoryError)
      throw new JobFailure(GIT_FAILURE_CODES[error.kind], error.message);
    throw error;
  }
}

/** The Git Sync area's job handlers, by kind. */
export const gitSyncJobHandlers = { [GIT_IMPORT_JOB]: runGitImport, [GIT_EXPORT_JOB]: runGitExport };
