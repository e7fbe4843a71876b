/**
 * Imports that outlast their request: each import is recorded as a job (progress, outcome),
 * so one that takes longer than `IMPORT_WAIT_MS` goes on in the background and its progress
 * is read at `GET SPACE/content/imports/{importId}`. The content is written at the end, in
 * one revision (as a short import does): a process that dies mid-import writes nothing, and
 * its job reads as 'interrupted' once its heartbeat is older than `IMPORT_HEARTBEAT_MS`.
 */
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema } from '../../core/schemas';
import { spaceLocation } from '../spaces/space-schema';

/** How long an import request waits for the import before answering and leaving it running. */
export const IMPORT_WAIT_MS = 3_000;
/** A running job whose heartbeat is older than this belongs to a process that died. */
export const IMPORT_HEARTBEAT_MS = 60_000;

export type ImportJobStatus = 'running' | 'done' | 'failed';

export interface ImportJobRecord {
  id: string;
  spaceId: string;
  changeRequestId?: string;
  source: string;
  url: string;
  status: ImportJobStatus;
  /** Resources read so far, of those found so far. */
  done: number;
  total: number;
  revision?: string;
  importedResources?: number;
  totalResources?: number;
  /** Why it failed, safe to show. */
  error?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface ImportJobRepository {
  insert(job: ImportJobRecord): Promise<void>;
  findById(spaceId: string, id: string): Promise<ImportJobRecord | null>;
  /** Sets fields of a running job (progress, outcome). */
  update(id: string, set: Partial<Omit<ImportJobRecord, 'id' | 'spaceId'>>): Promise<void>;
}

export const ImportJobSchema = z
  .object({
    object: z.literal('content-import'),
    id: z.string(),
    status: z.enum(['running', 'done', 'failed', 'interrupted']).describe('Where the import is'),
    source: z.string(),
    url: z.string(),
    done: z.number().int().min(0).describe('Resources read so far'),
    total: z.number().int().min(0).describe('Resources found so far'),
    revision: z.string().optional().describe('The revision it made, once done'),
    error: z.string().optional().describe('Why it failed'),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
    urls: z.object({ location: z.string() }),
  })
  .meta({ id: 'ContentImport', description: 'An import of content, with its progress' });

export type ImportJob = z.infer<typeof ImportJobSchema>;

export function presentImportJob(urls: PublicUrls, job: ImportJobRecord, now: Date): ImportJob {
  const stale = job.status === 'running' && now.getTime() - Date.parse(job.updatedAt) > IMPORT_HEARTBEAT_MS;
  return {
    object: 'content-import',
    id: job.id,
    status: stale ? 'interrupted' : job.status,
    source: job.source,
    url: job.url,
    done: job.done,
    total: job.total,
    ...(job.revision !== undefined ? { revision: job.revision } : {}),
    ...(job.error !== undefined ? { error: job.error } : {}),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    urls: { location: `${spaceLocation(urls, job.spaceId)}/content/imports/${job.id}` },
  };
}
