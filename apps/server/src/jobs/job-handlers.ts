/**
 * The handler of every job kind the server runs, assembled from the areas' exports (each
 * area exports its `JobHandlers`, spread here). A job of a kind missing here fails with
 * `UNKNOWN_JOB_KIND`.
 */
import { type JobHandlers, openApiJobHandlers } from '@quire/domain';

export const serverJobHandlers: JobHandlers = { ...openApiJobHandlers };
