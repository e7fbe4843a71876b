/**
 * Members who administer a space or a collection through a grant only, never through their
 * organization role: the callers whose rights end at the item (placement and transfer tests).
 */
import { type ContentRef, grant } from './content';
import { addMember, type TestMember, type TestOrganization } from './factories';
import { createTeam } from './teams';
import type { QuireUnderTest } from './test-domain';

export const GRANT_HOLDERS = [
  'reader with a user grant',
  'guest with a user grant',
  'reader through a team',
  'reader through an ancestor collection',
] as const;
export type GrantHolder = (typeof GRANT_HOLDERS)[number];

/**
 * A new member of the organization who holds admin on `item` the way `holder` says: a grant
 * to them, to a team of theirs, or (for the ancestor case) on `ancestor`, a collection the
 * item is in.
 */
export async function grantHolder(
  quire: QuireUnderTest,
  org: TestOrganization,
  holder: GrantHolder,
  item: ContentRef,
  ancestor?: ContentRef,
): Promise<TestMember> {
  const member = await addMember(quire, org.organization.id, holder.startsWith('guest') ? null : 'read');
  if (holder === 'reader through an ancestor collection') {
    if (!ancestor) throw new Error('grantHolder: the ancestor case needs the ancestor collection');
    await grant(quire, org, ancestor, { role: 'admin', users: [member.user.id] });
  } else if (holder === 'reader through a team') {
    const team = await createTeam(quire, org, { title: 'Holders', members: [member.user.id] });
    await grant(quire, org, item, { role: 'admin', teams: [team.id] });
  } else {
    await grant(quire, org, item, { role: 'admin', users: [member.user.id] });
  }
  return member;
}
