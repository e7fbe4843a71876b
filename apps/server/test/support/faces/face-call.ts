/**
 * What a call of one operation on one face sends and what it gets back, normalized so that
 * the three faces can be compared: the HTTP-like status each face means (REST's own status;
 * tRPC's `error.data.httpStatus`; GraphQL's `extensions.httpStatus`, 400 for a request its
 * type system refused, 200 on success), the operation's output, and the refusal's message.
 */
import type { RestRoute } from '../../../src/faces/rest/route';

export const FACES = ['rest', 'graphql', 'trpc'] as const;
export type Face = (typeof FACES)[number];

export interface FaceCall {
  /** The route of the operation (REST's method and path; the operation for the other faces). */
  route: RestRoute;
  /** The operation's input: path parameters and fields, as typed JSON. */
  input: Record<string, unknown>;
  token: string | null;
  /**
   * JSON text of more fields, sent as written (after `input`'s fields): what a JSON value
   * cannot carry, such as a `__proto__` key, or malformed JSON.
   */
  rawFields?: string;
}

export interface FaceRefusal {
  /** Every message the face sent (GraphQL may send several errors). */
  message: string;
  /** The domain error code the face reported (REST `type`, tRPC `domainCode`, GraphQL `extensions.code`). */
  code: string | undefined;
  /** The fields named by the refusal's issues, when it carries them. */
  fields: string[];
}

export interface FaceResponse {
  face: Face;
  status: number;
  /** The operation's output on success (REST body, tRPC `result.data`, GraphQL `data.<field>`). */
  data?: unknown;
  error?: FaceRefusal;
  /** The response body as parsed, for failure messages. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies freely
  body: any;
  /** Inconsistencies of the face's own error format (a REST `error.code` unlike the status, ...). */
  formatProblems: string[];
}

/** A short account of a response for assertion messages. */
export function describeResponse(response: FaceResponse): string {
  const body = JSON.stringify(response.body) ?? 'no body';
  return `${response.face} ${response.status}: ${body.length > 400 ? `${body.slice(0, 400)}...` : body}`;
}
