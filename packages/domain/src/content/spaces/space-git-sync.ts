/**
 * The Git Sync info of a space (GitBook's `GitSyncState`, with Quire's extensions) and its
 * presenter. It lives with the Space resource, which shows it (`gitSync` on `spaces.get`):
 * content runs before the git-sync area, which imports it from here (`git/info`).
 */
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { TimestampSchema } from '../../core/schemas';
import type { GitSyncRecord, GitSyncRunRecord } from '../../git-sync/records';
import type { JobRecord } from '../../jobs';
import { repositoryNameOf } from './git-remote-url';

const GitSyncRunSchema = z
  .object({
    state: z.enum(['running', 'success', 'failure']).describe("GitBook's GitSyncOperationState"),
    job: z.string().describe('The job that runs it (`GET /v1/jobs/{jobId}`)'),
    startedAt: TimestampSchema,
    completedAt: TimestampSchema.optional(),
    commit: z.string().optional().describe('The commit read (import) or pushed (export)'),
    revision: z.string().optional().describe('The revision written (import) or exported (export)'),
    ignored: z.boolean().optional().describe('True when a newer import or export had been applied'),
    error: z.object({ code: z.string(), message: z.string() }).optional().describe('Why it failed'),
  })
  .describe('An import or export and how it went (an extension)');

export const GitSyncStateSchema = z
  .object({
    repoName: z.string().describe('The repository (owner/name)'),
    installationProvider: z
      .enum(['github', 'gitlab'])
      .optional()
      .describe('The Git provider, as the client said'),
    url: z.string().describe("The repository's tree URL, or the repository"),
    updatedAt: TimestampSchema,
    repository: z.string().describe('The repository URL, without credentials (an extension)'),
    ref: z.string().describe('The ref synchronized (an extension)'),
    projectDirectory: z.string().optional().describe('The folder of the repository (an extension)'),
    lastImport: GitSyncRunSchema.optional(),
    lastExport: GitSyncRunSchema.optional(),
  })
  .meta({ id: 'GitSyncState', description: 'The Git Sync settings of a space' });

export type GitSyncState = z.infer<typeof GitSyncStateSchema>;
type GitSyncRun = z.infer<typeof GitSyncRunSchema>;

/** The settings with their last import's and export's jobs read, presented. */
export async function gitSyncStateOf(
  ctx: Pick<OperationContext, 'repos'>,
  record: GitSyncRecord,
): Promise<GitSyncState> {
  const [lastImport, lastExport] = await Promise.all([
    record.lastImport ? ctx.repos.jobs.findById(record.lastImport.jobId) : null,
    record.lastExport ? ctx.repos.jobs.findById(record.lastExport.jobId) : null,
  ]);
  return presentGitSync(record, { lastImport, lastExport });
}

export function presentGitSync(
  record: GitSyncRecord,
  jobs: { lastImport: JobRecord | null; lastExport: JobRecord | null },
): GitSyncState {
  return {
    repoName: repositoryNameOf(record.url),
    ...(record.provider ? { installationProvider: record.provider } : {}),
    url: record.providerUrl ?? record.treeUrl ?? record.url,
    updatedAt: record.updatedAt,
    repository: record.url,
    ref: record.ref,
    ...(record.projectDirectory ? { projectDirectory: record.projectDirectory } : {}),
    ...(record.lastImport ? { lastImport: presentRun(record.lastImport, jobs.lastImport) } : {}),
    ...(record.lastExport ? { lastExport: presentRun(record.lastExport, jobs.lastExport) } : {}),
  };
}

/** A run's state is its job's: waiting or running, done, failed (a job never stored: failed). */
function presentRun(run: GitSyncRunRecord, job: JobRecord | null): GitSyncRun {
  const base = { job: run.jobId, startedAt: run.requestedAt };
  if (!job)
    return { ...base, state: 'failure', error: { code: 'RUN_LOST', message: 'The job was not stored' } };
  const result = job.result ?? {};
  const outcome = {
    ...(typeof result.commit === 'string' ? { commit: result.commit } : {}),
    ...(typeof result.revision === 'string' ? { revision: result.revision } : {}),
    ...(result.ignored === true ? { ignored: true } : {}),
    ...(job.finishedAt ? { completedAt: job.finishedAt } : {}),
  };
  if (job.state === 'pending' || job.state === 'running') return { ...base, state: 'running' };
  if (job.state === 'done') return { ...base, ...outcome, state: 'success' };
  return {
    ...base,
    ...outcome,
    state: 'failure',
    error: job.error ? { ...job.error } : { code: 'INTERNAL', message: 'The run failed' },
  };
}
