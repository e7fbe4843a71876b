/**
 * The names a published page's own text gives the people it mentions (issue 27, item 2), for
 * the reader's HTML and its markdown for machines. A document holds only a mention's user id
 * (GitBook's `DocumentInlineMention`); the stored markdown holds the name as the link's text
 * (`[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`), read by `userMentionNamesOf`.
 * The page's text, not the organization's members: a reader is shown exactly what the page's
 * authors wrote and learns no name the page does not already hold, and the names belong to the
 * revision read, so a render kept under the revision's key is exact. Pages that mention no one
 * (most) read nothing more; others read the page's markdown once, reusable contents included.
 */
import { type JSONDocument, mentionedUserIdsOf, userMentionNamesOf } from '@quire/documents';
import { executeOperation, operations } from '@quire/domain';
import type { ReaderVisit } from './reader-visit';

const NO_NAMES: ReadonlyMap<string, string> = new Map();

export async function pageMentionNames(
  visit: ReaderVisit,
  read: { spaceId: string; revisionId: string | undefined; pageId: string },
  document: JSONDocument | undefined,
): Promise<ReadonlyMap<string, string>> {
  if (document === undefined || mentionedUserIdsOf(document).size === 0) return NO_NAMES;
  const page = await executeOperation(operations.spaces.content.page.get, visit.ctx, {
    spaceId: read.spaceId,
    ...(read.revisionId === undefined ? {} : { revisionId: read.revisionId }),
    pageId: read.pageId,
    format: 'markdown',
    dereferenced: true,
  });
  const markdown = (page as { markdown?: unknown }).markdown;
  return typeof markdown === 'string' ? userMentionNamesOf(markdown) : NO_NAMES;
}
