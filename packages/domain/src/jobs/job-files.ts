/**
 * Bytes a job takes as its input (a local file the CLI imports), kept under a key of the
 * job's own from before it is stored until it ends for good, where every worker that may
 * run it reads them (GridFS on MongoDB, a folder of the data directory otherwise). Not the
 * content-addressed blob store: bytes there may be shared by files of revisions and are
 * never deleted, while these go with their job.
 */

/** A job file's key: an id, nothing that could name a path. */
export const JOB_FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface JobFiles {
  /** Stores `bytes` under `key` (replacing any); resolves once they are durable. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  read(key: string): Promise<Uint8Array | null>;
  /** Removes the bytes under `key`; nothing when there are none. */
  delete(key: string): Promise<void>;
}

declare module '../core/context' {
  interface AreaPorts {
    /** Bytes a job takes as input, kept under the job's own key until it ends. */
    jobFiles: JobFiles;
  }
}
