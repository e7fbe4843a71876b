/** What a spec's processing state and error codes mean, in words a person understands. */
import type { OpenApiSpec, ProcessingState } from './spec-types';

export const PROCESSING_LABELS: Record<ProcessingState, string> = {
  pending: 'Waiting to be processed',
  progress: 'Processing',
  complete: 'Processed',
};

type ErrorCode = NonNullable<OpenApiSpec['lastProcessErrorCode']>;

/** GitBook's codes, each with what it means for the person who uploaded. */
export const ERROR_CODE_LABELS: Record<ErrorCode, string> = {
  FETCH_TIMEOUT: 'The URL took too long to answer',
  FETCH_ERROR: 'The URL could not be fetched',
  PARSE_ERROR: 'Not a valid OpenAPI description',
};

/** Whether the last upload is still being worked on (the screens poll until it is not). */
export const isProcessing = (state: ProcessingState): boolean => state !== 'complete';

/** How often a spec being processed is read again. */
export const PROCESSING_POLL_MS = 1000;
