/** The fields of a change request that requests carry, with GitBook's limits. */
import { z } from 'zod';

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;

export const ChangeRequestStatusSchema = z.enum(CHANGE_REQUEST_STATUSES).meta({
  id: 'ChangeRequestStatus',
  description:
    'draft: being written; open: submitted for review; archived: set aside (may be reopened); merged: its content is in the space',
});

/** The statuses a PATCH may set: 'merged' comes only from a merge. */
export const SETTABLE_CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived'] as const;

export type SettableChangeRequestStatus = (typeof SETTABLE_CHANGE_REQUEST_STATUSES)[number];

export const SettableChangeRequestStatusSchema = z.enum(SETTABLE_CHANGE_REQUEST_STATUSES).meta({
  id: 'ChangeRequestSettableStatus',
  description:
    'The statuses a change request may be given: draft, open or archived (merged comes only from a merge)',
});

/** GitBook's `ChangeRequestSubject`: at most 100 characters. */
export const CHANGE_REQUEST_SUBJECT_MAX = 100;

export const ChangeRequestSubjectSchema = z
  .string()
  .max(CHANGE_REQUEST_SUBJECT_MAX)
  .describe('Subject of the change request (at most 100 characters)');
