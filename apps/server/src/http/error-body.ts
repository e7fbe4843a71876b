/**
 * The one error body of the REST face: `{"error": {"code": <HTTP status>, "message": ...}}`,
 * as GitBook's clients expect, with the domain code, field issues and content conflicts riding along.
 * Fastify's own refusals (a malformed URL, a body too large, a media type that is not JSON)
 * get the same shape and a message of ours, never Fastify's text (which can echo the whole
 * path); anything else becomes a 500 with a generic message, its cause logged, never shown.
 */
import { STATUS_CODES } from 'node:http';
import { type ContentConflict, type FieldIssue, isDomainError } from '@quire/domain';
import type { FastifyBaseLogger } from 'fastify';
import { HTTP_STATUS_OF } from './error-status';
import { storeRefusalOf } from './store-refusal';

export interface ErrorBody {
  error: {
    code: number;
    message: string;
    type?: string;
    issues?: FieldIssue[];
    /** A write made from an older revision: the pages it conflicts on. */
    conflicts?: ContentConflict[];
  };
}

export interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfterSeconds?: number;
}

export const errorBody = (status: number, message: string, type?: string): ErrorBody => ({
  error: type === undefined ? { code: status, message } : { code: status, message, type },
});

/** Fastify's client errors that Quire answers with a message and a domain code of its own. */
const FASTIFY_ERRORS: Record<string, { message: string; type: string }> = {
  FST_ERR_BAD_URL: { message: 'The URL is not valid: a malformed percent-encoding', type: 'validation' },
  FST_ERR_MAX_PARAM_LENGTH: {
    message: 'The URL is too long: a path segment is too long',
    type: 'validation',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large', type: 'payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Unsupported media type: send a JSON body with Content-Type: application/json',
    type: 'validation',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: 'The Content-Length does not match the request body',
    type: 'validation',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is empty', type: 'validation' },
};

/** Fastify's own client errors keep their status. */
const fastifyClientStatus = (error: unknown): number | undefined => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
};

export function toHttpError(thrown: unknown, log: FastifyBaseLogger): HttpError {
  // The store's outage met outside an operation (signing in, a file, a reader's page) is a 503 too.
  const error = storeRefusalOf(thrown) ?? thrown;
  if (isDomainError(error)) {
    const status = HTTP_STATUS_OF[error.code];
    const body = errorBody(status, error.message, error.code);
    if (error.details.issues) body.error.issues = error.details.issues;
    if (error.details.conflicts) body.error.conflicts = error.details.conflicts;
    const result: HttpError = { status, body };
    if (error.details.retryAfterSeconds !== undefined)
      result.retryAfterSeconds = error.details.retryAfterSeconds;
    return result;
  }
  const status = fastifyClientStatus(error);
  if (status !== undefined) {
    const known = FASTIFY_ERRORS[(error as { code?: string }).code ?? ''];
    return {
      status,
      body: errorBody(
        status,
        known?.message ?? STATUS_CODES[status] ?? 'Bad request',
        known?.type ?? 'validation',
      ),
    };
  }
  log.error({ err: error }, 'unexpected error');
  return { status: 500, body: errorBody(500, 'Internal server error') };
}
