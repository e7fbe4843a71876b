/**
 * Domain errors carry a string code and no HTTP knowledge; each face maps the code through
 * a table that is exhaustive by type (`satisfies Record<DomainErrorCode, ...>`), so a new
 * code fails to compile until every face knows it.
 */
export const DOMAIN_ERROR_CODES = [
  'not_found',
  'validation',
  'invalid_position',
  'no_change',
  'cannot_move',
  'unauthenticated',
  'forbidden',
  'conflict',
  'restore_window_passed',
  'rate_limited',
  'payload_too_large',
  /** The store refuses writes (a full disk, an I/O error): retry later. */
  'unavailable',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** One problem of a refused input, with the path of the field it concerns. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `members.2` or `title`; empty for the whole input. */
  field: string;
  message: string;
}

/** What a write made from an older revision could not combine with the content since (409). */
export interface ContentConflict {
  /** Id of the page. */
  page: string;
  /** A page field, or "page" for a page deleted on one side and edited on the other. */
  field: string;
  /** Why, e.g. edited-both, deleted-and-edited, moved-both, cycle. */
  reason: string;
}

export interface DomainErrorDetails {
  issues?: FieldIssue[];
  /** For a write merged into content that moved on: the pages it conflicts on. */
  conflicts?: ContentConflict[];
  /** For rate limits: seconds until a retry may succeed. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string): DomainError => new DomainError('not_found', `${what} not found`);

export const forbidden = (message = 'You do not have permission to do this'): DomainError =>
  new DomainError('forbidden', message);

export const conflict = (message: string): DomainError => new DomainError('conflict', message);

export const unauthenticated = (
  message = 'Authentication required: send an API token as "Authorization: Bearer <token>"',
): DomainError => new DomainError('unauthenticated', message);

export const invalidInput = (field: string, message: string): DomainError =>
  new DomainError('validation', field ? `${field}: ${message}` : message, { issues: [{ field, message }] });

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
