/**
 * A change request's description, as GitBook has it: a document tree (`description` on the
 * resource, on create and on PATCH). Stored as markdown, as a review's comment is, and shown
 * again as a document: stored by the address of its markdown, the missing ones of a page of
 * change requests converted in one task of the markdown threads (`storedTextDocuments`, as
 * comments' and reviews' are), never on the request thread, where a list of 100 descriptions
 * of 20,000 characters each was converted one by one. An empty document clears it.
 */
import { documentToMarkdown, type JSONDocument, jsonDocumentSchema } from '@quire/documents';
import { z } from 'zod';
import type { OperationContext } from '../../core/context';
import { invalidInput } from '../../core/errors';
import { memberNamesForDocument, type PeopleInSight } from '../../organizations';
import { storedTextDocuments } from '../revisions/stored-text-documents';
import type { ChangeRequestRecord } from './records';

/** Of text, as markdown: a long description, not a page (a page is what a change request edits). */
export const CHANGE_REQUEST_DESCRIPTION_MAX = 20_000;

export const ChangeRequestDescriptionInputSchema = z
  .record(z.string(), z.unknown())
  .describe(
    `Description of the change request: a GitBook document (at most ${CHANGE_REQUEST_DESCRIPTION_MAX} characters of text; an empty document clears it)`,
  );

/**
 * The markdown stored for a description as sent (400 naming `description`), its mentions of
 * the organization's people the writer may see (`inSight`) written with their display names
 * (`memberNamesForDocument`: one read; anyone else keeps the link's URL).
 */
export async function storedDescription(
  ctx: Pick<OperationContext, 'repos'>,
  organizationId: string,
  document: Record<string, unknown>,
  inSight: PeopleInSight,
): Promise<string> {
  const parsed = jsonDocumentSchema.safeParse(document);
  if (!parsed.success) throw invalidInput('description', parsed.error.issues[0]?.message ?? 'not a document');
  const userName = await memberNamesForDocument(ctx.repos.members, organizationId, parsed.data, inSight);
  const markdown = documentToMarkdown(parsed.data, { userName }).trim();
  if (markdown.length > CHANGE_REQUEST_DESCRIPTION_MAX)
    throw invalidInput('description', `at most ${CHANGE_REQUEST_DESCRIPTION_MAX} characters of text`);
  return markdown;
}

/** The documents of the change requests' descriptions, by their markdown (`storedTextDocuments`). */
export function descriptionDocuments(
  ctx: Pick<OperationContext, 'repos' | 'untrustedMarkdown'>,
  changeRequests: ReadonlyArray<Pick<ChangeRequestRecord, 'description'>>,
): Promise<(markdown: string) => JSONDocument> {
  return storedTextDocuments(
    ctx,
    changeRequests.flatMap((changeRequest) => (changeRequest.description ? [changeRequest.description] : [])),
  );
}
