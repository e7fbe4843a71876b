/**
 * One import, start to end: its job is recorded, the source read (progress written to the
 * job at most twice a second), the content written by `write` (one revision), the job
 * closed. The request waits `IMPORT_WAIT_MS` for it: a short import answers with its
 * revision (and its failures as the request's errors); a longer one answers with its job
 * and goes on, its outcome read from the job.
 */
import { callerOf, type OperationContext } from '../../core/context';
import { isDomainError } from '../../core/errors';
import type { ImportedContent, ImportRequest } from '../../core/ports/content-imports';
import { IMPORT_WAIT_MS, type ImportJob, type ImportJobRecord, presentImportJob } from './import-jobs';
import { readImport } from './import-request';

export interface ImportOutcome {
  /** The revision made; empty while the import goes on in the background. */
  revision: string;
  importedResources: number;
  totalResources: number;
  import: ImportJob;
}

const PROGRESS_EVERY_MS = 500;

export async function runImport(
  ctx: OperationContext,
  target: { spaceId: string; changeRequestId?: string },
  request: ImportRequest,
  write: (content: ImportedContent) => Promise<string>,
): Promise<ImportOutcome> {
  const now = ctx.clock.now().toISOString();
  const job: ImportJobRecord = {
    id: ctx.ids.newId(),
    spaceId: target.spaceId,
    ...(target.changeRequestId !== undefined ? { changeRequestId: target.changeRequestId } : {}),
    source: request.source,
    url: request.url ?? request.name ?? '',
    status: 'running',
    done: 0,
    total: 0,
    createdBy: callerOf(ctx).userId,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.repos.importJobs.insert(job);
  let lastWrite = 0;
  const progress = (done: number, total: number) => {
    job.done = done;
    job.total = total;
    const at = ctx.clock.now();
    if (at.getTime() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = at.getTime();
    job.updatedAt = at.toISOString();
    void ctx.repos.importJobs.update(job.id, { done, total, updatedAt: job.updatedAt }).catch(() => {});
  };
  const finish = async (set: Partial<ImportJobRecord>) => {
    Object.assign(job, set, { updatedAt: ctx.clock.now().toISOString() });
    await ctx.repos.importJobs.update(job.id, {
      ...set,
      done: job.done,
      total: job.total,
      updatedAt: job.updatedAt,
    });
  };
  const work = (async (): Promise<ImportOutcome> => {
    try {
      const content = await readImport(ctx, request, progress);
      const revision = await write(content);
      // Readers of one document never report progress: the outcome says how much was read.
      job.done = content.importedResources;
      job.total = content.totalResources;
      await finish({
        status: 'done',
        revision,
        importedResources: content.importedResources,
        totalResources: content.totalResources,
      });
      return {
        revision,
        importedResources: content.importedResources,
        totalResources: content.totalResources,
        import: presentImportJob(ctx.urls, job, ctx.clock.now()),
      };
    } catch (error) {
      // The reason is kept for whoever reads the job later; only refusals say why.
      await finish({
        status: 'failed',
        error: isDomainError(error) ? error.message : 'The import failed',
      }).catch(() => {});
      throw error;
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), IMPORT_WAIT_MS);
  });
  try {
    const finished = await Promise.race([work, waited]);
    if (finished) return finished;
  } finally {
    clearTimeout(timer);
  }
  // Goes on in the background: its outcome is in the job.
  work.catch(() => {});
  return {
    revision: '',
    importedResources: job.done,
    totalResources: job.total,
    import: presentImportJob(ctx.urls, job, ctx.clock.now()),
  };
}
