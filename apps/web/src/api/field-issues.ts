/**
 * The fields a refused input names, for showing each message on its field. The server gives
 * a validation refusal's issues (`data.issues`, each with the dotted path of its field); other
 * refusals about one field (a slug already taken: 409) say it as "<field>: <message>", the
 * domain's way of naming a field in a message.
 */
import { TRPCClientError } from '@trpc/client';
import { apiErrorOf } from './api-error';

export interface FieldIssue {
  /** Dotted path of the field (`slug`, `source.url`); empty for the whole input. */
  field: string;
  message: string;
}

const FIELD_PREFIX = /^([A-Za-z][\w.]*): (.+)$/s;

export function fieldIssuesOf(error: unknown): FieldIssue[] {
  if (error === null || error === undefined) return [];
  const data = error instanceof TRPCClientError ? ((error.data ?? {}) as { issues?: FieldIssue[] }) : {};
  if (Array.isArray(data.issues) && data.issues.length > 0) return data.issues;
  const named = FIELD_PREFIX.exec(apiErrorOf(error).message);
  return named ? [{ field: named[1]!, message: named[2]! }] : [];
}

/** The messages of the issues at `field` or under it (`source` takes `source.url`). */
export function messagesAt(issues: readonly FieldIssue[], field: string): string[] {
  return issues.filter((issue) => isAt(issue, field)).map((issue) => issue.message);
}

/** The issues at none of `fields` (for the form to show as a whole). */
export const unplacedIssues = (issues: readonly FieldIssue[], fields: readonly string[]): FieldIssue[] =>
  issues.filter((issue) => !fields.some((field) => isAt(issue, field)));

const isAt = (issue: FieldIssue, field: string): boolean =>
  issue.field === field || issue.field.startsWith(`${field}.`);
