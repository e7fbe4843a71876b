/**
 * What went wrong with a call, for a person: the HTTP status the server reports for the
 * domain error (the same on every face), its domain code and its message; for each status
 * that needs one, what to do about it.
 */
import { TRPCClientError } from '@trpc/client';

export interface ApiError {
  /** The server's status (401, 403, 404, 409, ...); 0 when the server could not be reached. */
  status: number;
  /** The domain's error code (`not_found`, `forbidden`, ...), when the server gave one. */
  code?: string;
  message: string;
}

interface ErrorData {
  httpStatus?: number;
  domainCode?: string;
}

export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof TRPCClientError) {
    const data = (error.data ?? {}) as ErrorData;
    if (data.httpStatus === undefined)
      return { status: 0, message: 'The server could not be reached. Check your connection and try again.' };
    return {
      status: data.httpStatus,
      ...(data.domainCode !== undefined ? { code: data.domainCode } : {}),
      message: error.message,
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : 'Something went wrong.' };
}

/** The session is gone (expired, revoked, signed out elsewhere): sign in again. */
export const isUnauthenticated = (error: unknown): boolean => apiErrorOf(error).status === 401;

/** What a person can do about a refusal, by status; the server's message says what happened. */
export const ADVICE_BY_STATUS: Readonly<Record<number, string>> = {
  403: 'You do not have the role this needs. Ask an administrator of the organization to give you access.',
  404: 'It does not exist, was deleted, or is not shared with you. Check the address, or go back and pick it from the list.',
  409: 'Someone changed it at the same time. Reload to see the latest version, then try again.',
  429: 'Too many requests for now. Wait a minute, then try again.',
  503: 'The server is not ready. Try again in a moment.',
};
