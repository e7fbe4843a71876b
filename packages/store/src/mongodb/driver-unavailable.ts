import {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
} from 'mongodb';

/**
 * The server error codes that say "no primary to take this now": a stepdown or an election
 * under way, a node shutting down. The driver retries them once (retryable reads and writes);
 * when they still reach Quire the deployment is between primaries.
 */
const NO_PRIMARY_CODES = new Set([
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/**
 * Whether a driver error means the MongoDB deployment cannot be reached or has no primary:
 * the outage `StoreUnavailableError` stands for (answered 503 with `Retry-After`), not a
 * defect (500). A write concern that timed out is included: the write may or may not be
 * applied, and a retry of the request is the caller's next step either way.
 */
export function isMongoUnavailableError(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  )
    return true;
  if (error instanceof MongoWriteConcernError) return true;
  return (
    error instanceof MongoServerError && typeof error.code === 'number' && NO_PRIMARY_CODES.has(error.code)
  );
}
