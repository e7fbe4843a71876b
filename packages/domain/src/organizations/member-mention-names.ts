/**
 * The names a document's mentions of members are written with. GitBook's markdown writes a
 * mention of a user as a link whose text is the user's display name
 * (`[Ada Lovelace](https://app.gitbook.com/u/<id> "mention")`, `documentToMarkdown`'s
 * `userName`); a document holds the user's id only, so whatever stores a document sent as a
 * tree looks the names up first, here, and prints it with them.
 *
 * Only the organization's people the writer may see are named (`inSight`: the policies'
 * `peopleInSight`, all of them for who may list its members, the space's readers for a
 * guest; members, guests and disabled members alike: their display names are what its member
 * list shows). Anyone else gets no name, so the mention is written with its URL (the id the
 * writer sent): a mention never tells a writer anything about someone they may not see, not
 * even that they exist. All the users of a batch are looked up in one read, however many
 * mentions it holds.
 */
import { type JSONDocument, mentionedUserIdsOf } from '@quire/documents';
import type { MemberRepository } from './ports';
import type { MemberRecord } from './records';

/** Which members the writer may see, loaded when first asked for (`peopleInSight`). */
export type PeopleInSight = () => Promise<(member: MemberRecord) => boolean>;

/** The display names of those of `userIds` who belong to the organization and are in sight, by user id. */
export async function memberMentionNames(
  members: Pick<MemberRepository, 'findMany'>,
  organizationId: string,
  userIds: Iterable<string>,
  inSight: PeopleInSight,
): Promise<ReadonlyMap<string, string>> {
  const wanted = [...new Set(userIds)];
  const names = new Map<string, string>();
  if (wanted.length === 0) return names;
  const found = (await members.findMany(organizationId, wanted)).filter(
    (member) => member.organizationId === organizationId,
  );
  if (found.length === 0) return names;
  const sees = await inSight();
  for (const member of found) {
    const name = member.user.displayName.replace(/\s+/g, ' ').trim();
    if (name !== '' && sees(member)) names.set(member.userId, name);
  }
  return names;
}

/**
 * `documentToMarkdown`'s `userName` for one document sent as a tree (a schema-checked one):
 * its mentioned members' display names, those in sight, in one read (none when it mentions
 * no user).
 */
export async function memberNamesForDocument(
  members: Pick<MemberRepository, 'findMany'>,
  organizationId: string,
  document: JSONDocument,
  inSight: PeopleInSight,
): Promise<(userId: string) => string | undefined> {
  const names = await memberMentionNames(members, organizationId, mentionedUserIdsOf(document), inSight);
  return (userId) => names.get(userId);
}
