/**
 * An organization where every access rule shows around one item (a space or a collection
 * in a collection): organization roles, a level that opens or restricts, guests reached by a
 * user grant on the parent or a team grant on the item, a grant that raises a reader, a
 * disabled member, a guest reached by nothing. For the aggregate's tests, on the domain
 * and on the faces.
 */
import type { DefaultLevel } from '@quire/domain';
import { type ContentRef, createCollection, createSpace, grant } from '../support/content';
import { addMember, createOrganization, type TestMember } from '../support/factories';
import { createTeam, putTeamMember } from '../support/teams';
import type { QuireUnderTest } from '../support/test-domain';

export async function peopleAround(
  quire: QuireUnderTest,
  kind: ContentRef['kind'],
  levels: { parent: DefaultLevel; item: DefaultLevel },
) {
  const org = await createOrganization(quire);
  const organizationId = org.organization.id;
  const people = {
    admin: org.admin as TestMember,
    reader: await addMember(quire, organizationId, 'read'),
    editor: await addMember(quire, organizationId, 'edit'),
    creator: await addMember(quire, organizationId, 'create'),
    raised: await addMember(quire, organizationId, 'read'),
    guestOnParent: await addMember(quire, organizationId, null),
    guestInTeam: await addMember(quire, organizationId, null),
    guestAlone: await addMember(quire, organizationId, null),
    disabled: await addMember(quire, organizationId, 'edit'),
  };
  const parent = await createCollection(quire, org, { defaultLevel: levels.parent });
  const create = kind === 'space' ? createSpace : createCollection;
  const item = await create(quire, org, { parent: parent.id, defaultLevel: levels.item });
  const target: ContentRef = { kind, id: item.id };
  const team = await createTeam(quire, org, { title: 'Reviewers' });
  await putTeamMember(quire, org, team.id, people.guestInTeam, 'member');
  await grant(
    quire,
    org,
    { kind: 'collection', id: parent.id },
    { role: 'comment', users: [people.guestOnParent.user.id] },
  );
  await grant(quire, org, target, { role: 'review', teams: [team.id] });
  await grant(quire, org, target, { role: 'admin', users: [people.raised.user.id] });
  await grant(quire, org, target, { role: 'admin', users: [people.disabled.user.id] });
  await quire.services.repos.members.update(organizationId, people.disabled.user.id, { disabled: true });
  return { org, people, target };
}
