/** The codes an import job fails with, besides the runner's own (`INTERNAL`, `WORKER_LOST`, `JOB_KILLED_WORKER`). */

/** The source could not be read, or holds what Quire cannot store: the reader's safe message. */
export const INVALID_SOURCE = 'INVALID_SOURCE';
/** Its creator may no longer write there (access revoked, space locked or deleted, change request merged). */
export const IMPORT_REFUSED = 'IMPORT_REFUSED';
/** The bytes it was given are gone (it ran again after it had ended). */
export const SOURCE_FILE_GONE = 'SOURCE_FILE_GONE';
