/**
 * The one error body of the REST face: `{"error": {"code": <HTTP status>, "message": ...}}`,
 * as GitBook's clients expect, with the domain code and field issues riding along.
 * Anything that is not a domain error or a client error reported by Fastify becomes a 500
 * with a generic message; its cause is logged, never shown.
 */
import { type FieldIssue, isDomainError } from '@quire/domain';
import type { FastifyBaseLogger } from 'fastify';
import { HTTP_STATUS_OF } from './error-status';

export interface ErrorBody {
  error: { code: number; message: string; type?: string; issues?: FieldIssue[] };
}

export interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

/** Fastify's own client errors (bad JSON, body too large, bad media type) keep their status. */
const isFastifyClientError = (
  error: unknown,
): error is { statusCode: number; message: string; code?: string } => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

export function toHttpError(error: unknown, log: FastifyBaseLogger): HttpError {
  if (isDomainError(error)) {
    const status = HTTP_STATUS_OF[error.code];
    const body: ErrorBody = { error: { code: status, message: error.message, type: error.code } };
    if (error.details.issues) body.error.issues = error.details.issues;
    const result: HttpError = { status, body };
    if (error.details.retryAfterSeconds !== undefined)
      result.retryAfterSeconds = error.details.retryAfterSeconds;
    return result;
  }
  if (isFastifyClientError(error)) {
    const type = error.statusCode === 413 ? 'payload_too_large' : 'validation';
    return {
      status: error.statusCode,
      body: { error: { code: error.statusCode, message: error.message, type } },
    };
  }
  log.error({ err: error }, 'unexpected error');
  return { status: 500, body: { error: { code: 500, message: 'Internal server error' } } };
}
