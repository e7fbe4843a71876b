/**
 * The demo organization of `quire seed`, for a newcomer to have something to look at:
 * people with each kind of role (a guest among them), two teams, collections nested in
 * each other holding spaces, and roles granted on them to a team and to the guest. It is
 * made through the domain's operations, run as its owner would run them over the API, so
 * it holds exactly what the API would make: pages in every space, and an open change
 * request on the getting-started guide.
 *
 * It is made once per instance: its owner's address marks it, and a second run is refused
 * before anything is written.
 */
import {
  type AnyOperation,
  addOrganizationMember,
  createUser,
  type DomainServices,
  issueApiToken,
  operations,
  type RoleOrGuest,
} from '@quire/domain';
import { runOperation } from '../faces/run-operation';
import { CliError } from './cli-error';

export const DEMO_ORGANIZATION_TITLE = 'Quire Demo';
const DEMO_DOMAIN = 'demo.quire.test';

interface DemoPerson {
  name: string;
  local: string;
  /** Their organization role; null for a guest. The first person owns the organization. */
  role: RoleOrGuest;
}

const PEOPLE: readonly DemoPerson[] = [
  { name: 'Ada Lovelace', local: 'ada', role: 'admin' },
  { name: 'Grace Hopper', local: 'grace', role: 'create' },
  { name: 'Alan Turing', local: 'alan', role: 'edit' },
  { name: 'Katherine Johnson', local: 'katherine', role: 'review' },
  { name: 'Edsger Dijkstra', local: 'edsger', role: 'read' },
  { name: 'Margaret Hamilton', local: 'margaret', role: null },
];

const emailOf = (person: DemoPerson) => `${person.local}@${DEMO_DOMAIN}`;

export const DEMO_OWNER_EMAIL = emailOf(PEOPLE[0]!);

export interface SeededPerson {
  name: string;
  email: string;
  userId: string;
  role: RoleOrGuest;
  /** An API token to sign in with, shown this once. */
  token: string;
}

export interface SeededOrganization {
  organizationId: string;
  title: string;
  people: SeededPerson[];
  /** How many of each were made. */
  made: {
    teams: number;
    collections: number;
    spaces: number;
    grants: number;
    pages: number;
    changeRequests: number;
  };
}

interface Made {
  id: string;
}

/** A page change of the demo: a title and a markdown body. */
const page = (title: string, markdown: string, ref?: string, into?: string) => ({
  operation: 'insert_page' as const,
  title,
  document: { markdown },
  ...(ref ? { ref } : {}),
  ...(into ? { into } : {}),
});

/** The pages of each demo space, by the space's title. */
const DEMO_PAGES: Record<string, ReturnType<typeof page>[]> = {
  Welcome: [
    page(
      'Welcome',
      'This is **Quire**, the demo organization. Browse the spaces, or read the [API docs](/docs).',
    ),
    page('How we write', '- Short pages\n- One topic per page\n- Examples first'),
  ],
  'Getting started': [
    page('Install', 'Run:\n\n```sh\nnpx -y pnpm@10 install\n```', 'install'),
    page('First steps', 'Create a space, then write its first page.', undefined, 'install'),
    page('Configuration', '| setting | default |\n| --- | --- |\n| PORT | 8080 |'),
  ],
  'API reference': [
    page('Authentication', 'Send `Authorization: Bearer <token>` with every request.'),
    page('Errors', 'Errors look like `{"error": {"code": 404, "message": "..."}}`.'),
  ],
  Architecture: [page('Overview', 'Three faces (REST, GraphQL, tRPC) over one set of operations.')],
  Runbooks: [page('Restore a backup', '1. Stop the server\n2. Copy the data directory back\n3. Start it')],
};

export async function seedDemoOrganization(services: DomainServices): Promise<SeededOrganization> {
  if (await services.repos.users.findByEmail(DEMO_OWNER_EMAIL)) {
    throw new CliError(
      `The demo organization is there already (its owner ${DEMO_OWNER_EMAIL} exists): quire seed fills an ` +
        `instance once. For a new token: quire tokens issue --user ${DEMO_OWNER_EMAIL}`,
    );
  }
  const people: SeededPerson[] = [];
  let ownerTokenId = '';
  for (const person of PEOPLE) {
    const user = await createUser(services, { displayName: person.name, email: emailOf(person) });
    const { token, record } = await issueApiToken(services, { userId: user.id, name: 'demo' });
    if (people.length === 0) ownerTokenId = record.id;
    people.push({ name: person.name, email: user.email, userId: user.id, role: person.role, token });
  }
  const idOf = (local: string) => people.find((person) => person.email === `${local}@${DEMO_DOMAIN}`)!.userId;

  // Everything else as the owner would do it over the API.
  const owner = people[0]!;
  const access = {
    ctx: { ...services, caller: { userId: owner.userId, tokenId: ownerTokenId, isInstanceAdmin: false } },
    charge: async () => {},
  };
  const made = { teams: 0, collections: 0, spaces: 0, grants: 0, pages: 0, changeRequests: 0 };
  const run = async (op: AnyOperation, input: unknown) => (await runOperation(op, access, input)) as Made;

  const { id: organizationId } = await run(operations.orgs.create, { title: DEMO_ORGANIZATION_TITLE });
  // The demo's people are members at once (an invitation by email would wait for them to accept it).
  for (const person of people.slice(1)) {
    const user = await services.repos.users.findById(person.userId);
    if (user) await addOrganizationMember(services, { organizationId, user, role: person.role });
  }

  const team = (title: string, members: string[]) => {
    made.teams++;
    return run(operations.orgs.teams.create, { organizationId, title, members: members.map(idOf) });
  };
  const engineering = await team('Engineering', ['grace', 'alan']);
  const support = await team('Support', ['katherine', 'edsger']);

  const parentOf = (parent?: Made) => (parent ? { parent: parent.id } : {});
  const collection = (title: string, parent?: Made) => {
    made.collections++;
    return run(operations.collections.create, { organizationId, title, ...parentOf(parent) });
  };
  const product = await collection('Product');
  const guides = await collection('Guides', product);
  const engineeringDocs = await collection('Engineering');

  const space = async (title: string, emoji: string, parent?: Made) => {
    made.spaces++;
    const created = await run(operations.spaces.create, {
      organizationId,
      title,
      emoji,
      ...parentOf(parent),
    });
    const pages = DEMO_PAGES[title] ?? [];
    made.pages += pages.length;
    await run(operations.spaces.content.update, { spaceId: created.id, changes: pages });
    return created;
  };
  await space('Welcome', '👋');
  const gettingStarted = await space('Getting started', '🚀', guides);
  const apiReference = await space('API reference', '📘', product);
  await space('Architecture', '🏗️', engineeringDocs);
  await space('Runbooks', '🛠️', engineeringDocs);

  // A change request under review on the guide: a new page and an edit.
  const changeRequest = await run(operations.changeRequests.create, {
    spaceId: gettingStarted.id,
    subject: 'Document the upgrade steps',
  });
  made.changeRequests++;
  await run(operations.changeRequests.content.update, {
    spaceId: gettingStarted.id,
    changeRequestId: changeRequest.id,
    changes: [
      page(
        'Upgrading',
        'Stop the server, install the new version, start it again: the store upgrades itself.',
      ),
    ],
  });
  await run(operations.changeRequests.update, {
    spaceId: gettingStarted.id,
    changeRequestId: changeRequest.id,
    status: 'open',
  });

  // The Engineering team runs its collection, Support edits the guide, the guest comments on the reference.
  const grant = (op: AnyOperation, input: Record<string, unknown>) => {
    made.grants++;
    return run(op, input);
  };
  await grant(operations.collections.permissions.invite, {
    collectionId: engineeringDocs.id,
    role: 'admin',
    teams: [engineering.id],
  });
  await grant(operations.spaces.permissions.invite, {
    spaceId: gettingStarted.id,
    role: 'edit',
    teams: [support.id],
  });
  await grant(operations.spaces.permissions.invite, {
    spaceId: apiReference.id,
    role: 'comment',
    users: [idOf('margaret')],
  });

  return { organizationId, title: DEMO_ORGANIZATION_TITLE, people, made };
}
