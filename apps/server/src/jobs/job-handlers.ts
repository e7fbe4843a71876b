/**
 * The handler of every job kind the server runs, assembled from the areas' exports (each
 * area exports its `JobHandlers`, spread here). A job of a kind missing here fails with
 * `UNKNOWN_JOB_KIND`. The server's own handlers are given what the domain's context does not
 * hold (the PDF job: the job threads it draws in, the blob store it stores into).
 */
import {
  contentImportJobHandlers,
  gitSyncJobHandlers,
  type JobHandlers,
  openApiJobHandlers,
  translationJobHandlers,
} from '@quire/domain';
import { pdfJobHandlers } from '../pdf/pdf-render-job';
import type { Services } from '../request-context';

export const serverJobHandlers = (services: Pick<Services, 'blobs' | 'jobThreads'>): JobHandlers => ({
  ...openApiJobHandlers,
  ...contentImportJobHandlers,
  ...translationJobHandlers,
  ...gitSyncJobHandlers,
  ...pdfJobHandlers(services.blobs, services.jobThreads),
});
