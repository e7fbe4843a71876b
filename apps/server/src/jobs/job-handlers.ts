/**
 * The handler of every job kind the server runs: the domain's (derived from the areas'
 * declarations, `domainJobHandlers`) and the server's own. A job of a kind missing here fails with
 * `UNKNOWN_JOB_KIND`. The server's own handlers are given what the domain's context does not
 * hold (the PDF job: the job threads it draws in, the blob store it stores into; the mail job:
 * the transport its outbox was built with).
 */
import { domainJobHandlers, type JobHandlers } from '@quire/domain';
import { mailJobHandlers } from '../mail/send-mail-job';
import { pdfJobHandlers } from '../pdf/pdf-render-job';
import type { Services } from '../services';

export const serverJobHandlers = (
  services: Pick<Services, 'blobs' | 'jobThreads' | 'mailOutbox' | 'secrets'>,
): JobHandlers => ({
  ...domainJobHandlers,
  ...pdfJobHandlers(services.blobs, services.jobThreads),
  ...mailJobHandlers(services),
});
