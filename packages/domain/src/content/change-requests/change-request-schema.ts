/** The ChangeRequest resource as GitBook's API has it, and its presenter. */

import type { JSONDocument } from '@quire/documents';
import { z } from 'zod';
import type { PublicUrls } from '../../core/context';
import { TimestampSchema, UrlSchema } from '../../core/schemas';
import { type User, UserSchema } from '../../identity';
import { organizationAppUrl } from '../../organizations';
import { spaceLocation } from '../spaces/space-schema';
import { ChangeRequestStatusSchema } from './change-request-fields';
import { isOutdated } from './outdated';
import type { ChangeRequestRecord } from './records';

export const ChangeRequestSchema = z
  .object({
    object: z.literal('change-request').describe('Always "change-request"'),
    id: z.string().describe('Id of the change request'),
    number: z.number().int().min(1).describe('Number of the change request, counting up within its space'),
    status: ChangeRequestStatusSchema,
    subject: z.string().describe('Subject of the change request; empty when it has none'),
    description: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('Description of the change request, as a GitBook document (only when it has one)'),
    /** Who created it (the User schema as is: one GraphQL type for every embedded user). */
    createdBy: UserSchema,
    createdAt: TimestampSchema.describe('When the change request was created'),
    updatedAt: TimestampSchema.describe('When the change request last changed'),
    /** Who merged it; only once merged. */
    mergedBy: UserSchema.optional(),
    mergedAt: TimestampSchema.optional().describe('When the change request was merged (only once merged)'),
    space: z.string().describe('Id of the space of the change request'),
    revision: z.string().describe('Id of the current revision of the change request'),
    revisionInitial: z
      .string()
      .describe('Id of the revision of the space the change request was created from'),
    revisionMergedAncestor: z
      .string()
      .optional()
      .describe('Id of the revision of the space the change request was last brought up to date with'),
    revisionMerged: z.string().optional().describe('Once merged, id of the revision the merge made'),
    comments: z.number().int().min(0).describe('Number of open comments on the change request'),
    outdated: z
      .boolean()
      .describe('True when the space has changed since the change request was created or last updated'),
    urls: z
      .object({
        /** `${api}/v1/spaces/{spaceId}/change-requests/{id}` */
        location: UrlSchema.describe('Location of the change request in the API'),
        app: UrlSchema.describe('Page of the change request in the app'),
      })
      .describe('Absolute URLs of the change request'),
  })
  .meta({ id: 'ChangeRequest', description: 'Proposed edits to a space, reviewed and merged as a whole' });

export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/** What presenting a change request needs beyond its record. */
export interface ChangeRequestSetting {
  /** The organization of its space (the app URL names it). */
  organizationId: string;
  /** The space's current revision, to tell whether the change request is outdated. */
  spaceRevisionId: string;
  /** The User resource of a user id (`changeRequestPeople`). */
  userOf(userId: string): User;
  /** The document of a description (`descriptionDocuments`: gathered before, off the request thread). */
  descriptionOf(markdown: string): JSONDocument;
}

export const changeRequestLocation = (urls: PublicUrls, spaceId: string, changeRequestId: string): string =>
  `${spaceLocation(urls, spaceId)}/change-requests/${changeRequestId}`;

/** The API resource of a change request. */
export function presentChangeRequest(
  urls: PublicUrls,
  changeRequest: ChangeRequestRecord,
  setting: ChangeRequestSetting,
): ChangeRequest {
  const { spaceId } = changeRequest;
  const resource: ChangeRequest = {
    object: 'change-request',
    id: changeRequest.id,
    number: changeRequest.number,
    status: changeRequest.status,
    subject: changeRequest.subject,
    createdBy: setting.userOf(changeRequest.createdBy),
    createdAt: changeRequest.createdAt,
    updatedAt: changeRequest.updatedAt,
    space: spaceId,
    revision: changeRequest.revision,
    revisionInitial: changeRequest.revisionInitial,
    comments: Math.max(0, changeRequest.comments),
    outdated: isOutdated(changeRequest, setting.spaceRevisionId),
    urls: {
      location: changeRequestLocation(urls, spaceId, changeRequest.id),
      app: `${organizationAppUrl(urls, setting.organizationId)}/s/${spaceId}/~/changes/${changeRequest.number}`,
    },
  };
  if (changeRequest.description)
    resource.description = setting.descriptionOf(changeRequest.description) as unknown as Record<
      string,
      unknown
    >;
  if (changeRequest.revisionMergedAncestor !== undefined)
    resource.revisionMergedAncestor = changeRequest.revisionMergedAncestor;
  if (changeRequest.revisionMerged !== undefined) resource.revisionMerged = changeRequest.revisionMerged;
  if (changeRequest.mergedBy !== undefined) resource.mergedBy = setting.userOf(changeRequest.mergedBy);
  if (changeRequest.mergedAt !== undefined) resource.mergedAt = changeRequest.mergedAt;
  return resource;
}
