/**
 * The names a document's mentions of members are written with. GitBook's markdown writes a
 * mention of a user as a link whose text is the user's display name
 * (`[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`, `documentToMarkdown`'s
 * `userName`); a document holds the user's id only, so whatever stores a document sent as a
 * tree looks the names up first, here, and prints it with them.
 *
 * Only the organization's own people are named (members, guests and disabled members alike:
 * their display names are what its member list shows every one of them). A user outside it
 * gets no name, so the mention is written with its URL (the id the writer sent): a mention
 * never tells a writer anything about someone outside the organization, not even that they
 * exist. All the users of a batch are looked up in one read, however many mentions it holds.
 */
import { type JSONDocument, mentionedUserIdsOf } from '@quire/documents';
import type { MemberRepository } from './ports';

/** The display names of those of `userIds` who belong to the organization, by user id. */
export async function memberMentionNames(
  members: Pick<MemberRepository, 'findMany'>,
  organizationId: string,
  userIds: Iterable<string>,
): Promise<ReadonlyMap<string, string>> {
  const wanted = [...new Set(userIds)];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  for (const member of await members.findMany(organizationId, wanted)) {
    const name = member.user.displayName.replace(/\s+/g, ' ').trim();
    if (member.organizationId === organizationId && name !== '') names.set(member.userId, name);
  }
  return names;
}

/**
 * `documentToMarkdown`'s `userName` for one document sent as a tree (a schema-checked one):
 * its mentioned members' display names, in one read (none when it mentions no user).
 */
export async function memberNamesForDocument(
  members: Pick<MemberRepository, 'findMany'>,
  organizationId: string,
  document: JSONDocument,
): Promise<(userId: string) => string | undefined> {
  const names = await memberMentionNames(members, organizationId, mentionedUserIdsOf(document));
  return (userId) => names.get(userId);
}
