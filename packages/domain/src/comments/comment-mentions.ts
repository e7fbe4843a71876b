/**
 * Mail for the people a comment (or reply) mentions: GitBook's markdown mention, a link
 * titled "mention" to a user (`userMentionNamesOf`). Only those who may read the comment
 * (a role on its space) are mailed: mentioning someone gives them no access and tells an
 * outsider nothing. The actor and those who turned mail off get none (`mailPeople`). There
 * is no in-app notification of a mention yet: the mail is its only trace.
 */
import { userMentionNamesOf } from '@quire/documents';
import { changeRequestAppUrl } from '../content';
import type { OperationContext } from '../core/context';
import { mailPeople } from '../identity';
import { organizationAppUrl } from '../organizations';
import type { AuthorizedCommentScope } from '../policies/authorize-comment';
import { effectiveRolesFor } from '../policies/content-access';

/** At most this many people are mailed for one comment (the first mentioned). */
export const MAX_MENTIONS_MAILED = 20;

/** Characters of the comment the mail quotes. */
const EXCERPT_LENGTH = 300;

/**
 * The comment's first characters as text: each link (a mention included) as its text, so
 * the mail quotes names, not addresses. Read from a bounded start only (the link pattern
 * rescans from every `[`: a long run of them would cost the square of its length).
 */
export const excerptOf = (markdown: string): string =>
  markdown
    .slice(0, EXCERPT_LENGTH * 4)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, EXCERPT_LENGTH);

/** Mails each reader of the scope the markdown mentions, but the actor. */
export async function mailMentions(
  ctx: OperationContext,
  scope: Pick<AuthorizedCommentScope, 'space' | 'changeRequest'>,
  markdown: string,
  actorId: string,
): Promise<void> {
  // Most comments mention no one: no second parse for them.
  if (!markdown.includes('"mention"')) return;
  const mentioned = [...userMentionNamesOf(markdown).keys()]
    .filter((userId) => userId !== actorId)
    .slice(0, MAX_MENTIONS_MAILED);
  if (mentioned.length === 0) return;
  const { space, changeRequest } = scope;
  const readers = [];
  for (const userId of mentioned)
    if ((await effectiveRolesFor(ctx, 'space', [space], userId)).has(space.id)) readers.push(userId);
  const where = changeRequest ? `#${changeRequest.number}: ${changeRequest.subject}` : space.title;
  const link = changeRequest
    ? changeRequestAppUrl(ctx, space.organizationId, { spaceId: space.id, number: changeRequest.number })
    : `${organizationAppUrl(ctx.urls, space.organizationId)}/s/${space.id}`;
  const excerpt = excerptOf(markdown);
  await mailPeople(
    ctx,
    readers,
    { organizationId: space.organizationId, actorId },
    (recipient, actorName) => ({ template: 'mention', to: recipient.email, actorName, where, excerpt, link }),
  );
}
