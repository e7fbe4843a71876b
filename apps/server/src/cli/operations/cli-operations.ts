/**
 * Every operation a command may call, by name: the names the command socket answers to.
 * Loaded when a command runs (through a connection), not when the program is built.
 */

import { blobCollectionProgress, collectBlobs } from './blob-operations';
import {
  createUser,
  issueToken,
  listTokens,
  listUsers,
  revokeToken,
  setPassword,
  setup,
} from './identity-operations';
import { importProgress, startImport } from './import-operations';
import { listJobs, retryJob, showJob } from './job-operations';
import { seed } from './seed-operation';
import { listSpaces } from './space-operations';

export const cliOperations = {
  setup,
  seed,
  'users.create': createUser,
  'users.list': listUsers,
  'users.setPassword': setPassword,
  'tokens.issue': issueToken,
  'tokens.list': listTokens,
  'tokens.revoke': revokeToken,
  'import.start': startImport,
  'import.progress': importProgress,
  'jobs.list': listJobs,
  'jobs.show': showJob,
  'jobs.retry': retryJob,
  'spaces.list': listSpaces,
  'blobs.collect': collectBlobs,
  'blobs.progress': blobCollectionProgress,
};

export type CliOperations = typeof cliOperations;
export type OperationName = keyof CliOperations;
export type InputOf<Name extends OperationName> = Parameters<CliOperations[Name]['run']>[1];
/** What a command receives: the operation's result as JSON carries it (both ways alike). */
export type OutputOf<Name extends OperationName> = Awaited<ReturnType<CliOperations[Name]['run']>>;

export const isOperationName = (name: string): name is OperationName => Object.hasOwn(cliOperations, name);
