/**
 * The state the permission matrix runs against, built once per test file: one organization
 * with a member of every role, a guest, the four grant holders (`caller-kinds.ts`), a
 * member of another organization and an instance administrator; teams, content, an invite
 * link and a SAML provider to act on. Read-only routes share it; a route that writes gets
 * fresh state from the `fresh*` builders for every call, inside the same organization.
 *
 * The content tree: `outer` (a top-level collection, where `ancestorGrant` holds admin)
 * holds `collection` and `space`, and every fresh item. Each of those carries an admin
 * grant to `readerWithGrant` and `guestWithGrant` (user grants) and to the team `granted`
 * (whose member is `teamGrant`). Every default level inherits.
 *
 * State is made with the domain's own operations, run as the organization's admin, so the
 * fixture follows the domain's rules rather than copying its records.
 */
import {
  executeOperation,
  issueApiToken,
  type Operation,
  type OrganizationRecord,
  operations,
  type Role,
} from '@quire/domain';
import { decodeJwt } from 'jose';
import type { z } from 'zod';
import { addMember, createOrganization, createUser, type TestMember, type TestUser } from '../factories';
import type { TestServer } from '../test-server';
import type { MatrixCallerKind } from './caller-kinds';

export interface MatrixCaller {
  kind: MatrixCallerKind;
  /** null: no token at all. */
  token: string | null;
  /** null for the anonymous caller. */
  userId: string | null;
}

export interface MatrixFixture {
  server: TestServer;
  organization: OrganizationRecord;
  admin: TestMember;
  callers: Record<MatrixCallerKind, MatrixCaller>;
  /** A member (role edit) who is no caller: the subject of member routes and of grants. */
  subject: TestMember;
  /** The instance administrator (a caller too): runs the /admin reads of observations. */
  instanceAdmin: TestUser;
  teams: { granted: string; squad: string };
  content: { outer: string; collection: string; space: string };
  /**
   * The published site the `siteToken` caller visits, and the one space it shows (placed as
   * every item is; no case acts on it but the site-token cases).
   */
  visited: { siteId: string; spaceId: string };
  inviteLinkId: string;
  samlProviderId: string;
  /** A user of no organization, and one of their tokens: the target of token routes. */
  victim: { userId: string; tokenId: string };
  /** Runs an operation as the organization's admin (or `as`), through `executeOperation`. */
  run<Input extends z.ZodType, Output extends z.ZodType>(
    op: Operation<Input, Output>,
    input: z.input<Input>,
    as?: TestUser,
  ): Promise<z.input<Output>>;
  /** Like `run`, but a refusal is returned as `{ refused: <domain code> }`: for observations. */
  read<Input extends z.ZodType, Output extends z.ZodType>(
    op: Operation<Input, Output>,
    input: z.input<Input>,
    as?: TestUser,
  ): Promise<unknown>;
  /** A space in `parent` (default `outer`) with the holders' grants. */
  freshSpace(parent?: string): Promise<string>;
  /** A collection in `parent` (default `outer`) with the holders' grants. */
  freshCollection(parent?: string): Promise<string>;
  freshMember(role: Role | null): Promise<TestMember>;
  freshTeam(members?: string[]): Promise<string>;
  freshInviteLink(): Promise<string>;
  freshSamlProvider(): Promise<string>;
  freshVictimToken(): Promise<string>;
  /** An organization the caller administers (made on first use): where their transfers go. */
  ownOrganizationOf(caller: MatrixCaller): Promise<string>;
  /** A name no other call used: `${prefix} <n>`. */
  unique(prefix: string): string;
}

const errorCodeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  throw error;
};

export async function buildMatrixFixture(server: TestServer): Promise<MatrixFixture> {
  const org = await createOrganization(server, { title: 'Matrix' });
  const admin = org.admin;
  const organizationId = org.organization.id;
  let counter = 0;
  const unique = (prefix: string) => `${prefix} ${++counter}`;

  const run = <Input extends z.ZodType, Output extends z.ZodType>(
    op: Operation<Input, Output>,
    input: z.input<Input>,
    as: TestUser = admin,
  ): Promise<z.input<Output>> =>
    executeOperation(
      op,
      {
        ...server.services,
        caller: { userId: as.user.id, tokenId: 'matrix-fixture', isInstanceAdmin: as.user.isInstanceAdmin },
      },
      input,
    );
  const read = async <Input extends z.ZodType, Output extends z.ZodType>(
    op: Operation<Input, Output>,
    input: z.input<Input>,
    as?: TestUser,
  ): Promise<unknown> => {
    try {
      return await run(op, input, as);
    } catch (error) {
      return { refused: errorCodeOf(error) };
    }
  };

  await run(operations.orgs.update, { organizationId, inviteLinks: true });
  const member = (role: Role | null) => addMember(server, organizationId, role);
  const roles = {
    create: await member('create'),
    review: await member('review'),
    edit: await member('edit'),
    comment: await member('comment'),
    read: await member('read'),
    guest: await member(null),
  };
  const holders = {
    readerWithGrant: await member('read'),
    guestWithGrant: await member(null),
    teamGrant: await member('read'),
    ancestorGrant: await member(null),
  };
  const subject = await member('edit');
  const outsider = await createOrganization(server, { title: 'Elsewhere' });
  const instanceAdmin = await createUser(server, { isInstanceAdmin: true });

  const team = async (title: string, members: string[]) =>
    (await run(operations.orgs.teams.create, { organizationId, title, members })).id;
  const teams = {
    granted: await team('Granted', [holders.teamGrant.user.id]),
    squad: await team('Squad', [subject.user.id]),
  };

  const outer = (await run(operations.collections.create, { organizationId, title: 'Outer' })).id;
  await run(operations.collections.permissions.invite, {
    collectionId: outer,
    role: 'admin',
    users: [holders.ancestorGrant.user.id],
  });
  const grantHolders = {
    role: 'admin' as const,
    users: [holders.readerWithGrant.user.id, holders.guestWithGrant.user.id],
    teams: [teams.granted],
  };
  const freshSpace = async (parent = outer) => {
    const { id } = await run(operations.spaces.create, {
      organizationId,
      title: unique('Space'),
      parent,
    });
    await run(operations.spaces.permissions.invite, { spaceId: id, ...grantHolders });
    return id;
  };
  const freshCollection = async (parent = outer) => {
    const { id } = await run(operations.collections.create, {
      organizationId,
      title: unique('Collection'),
      parent,
    });
    await run(operations.collections.permissions.invite, { collectionId: id, ...grantHolders });
    return id;
  };
  const content = { outer, collection: await freshCollection(), space: await freshSpace() };

  const freshInviteLink = async () =>
    (await run(operations.orgs.inviteLinks.create, { organizationId, role: 'read' })).id;
  const freshSamlProvider = async () =>
    (await run(operations.orgs.saml.create, { organizationId, label: unique('IdP') })).id;
  const victimUser = await createUser(server);
  const freshVictimToken = async () =>
    (await issueApiToken(server.services, { userId: victimUser.user.id, name: unique('token') })).record.id;

  const callers = {} as Record<MatrixCallerKind, MatrixCaller>;
  const people: Record<Exclude<MatrixCallerKind, 'anonymous' | 'siteToken'>, TestUser> = {
    admin,
    ...roles,
    ...holders,
    otherOrganization: outsider.admin,
    instanceAdmin,
  };
  for (const [kind, person] of Object.entries(people)) {
    callers[kind as MatrixCallerKind] = {
      kind: kind as MatrixCallerKind,
      token: person.token,
      userId: person.user.id,
    };
  }
  callers.anonymous = { kind: 'anonymous', token: null, userId: null };
  const visited = await siteVisitorOf(server, run, organizationId, await freshSpace());
  callers.siteToken = { kind: 'siteToken', token: visited.token, userId: null };

  const ownOrganizations = new Map<MatrixCallerKind, Promise<string>>([
    ['otherOrganization', Promise.resolve(outsider.organization.id)],
    ['anonymous', Promise.resolve(outsider.organization.id)],
    ['siteToken', Promise.resolve(outsider.organization.id)],
  ]);
  const ownOrganizationOf = (caller: MatrixCaller): Promise<string> => {
    let id = ownOrganizations.get(caller.kind);
    if (!id) {
      const owner = people[caller.kind as Exclude<MatrixCallerKind, 'anonymous' | 'siteToken'>];
      id = createOrganization(server, { owner, title: `Own of ${caller.kind}` }).then(
        (own) => own.organization.id,
      );
      ownOrganizations.set(caller.kind, id);
    }
    return id;
  };

  return {
    server,
    organization: org.organization,
    admin,
    callers,
    subject,
    instanceAdmin,
    teams,
    content,
    visited: { siteId: visited.siteId, spaceId: visited.spaceId },
    inviteLinkId: await freshInviteLink(),
    samlProviderId: await freshSamlProvider(),
    victim: { userId: victimUser.user.id, tokenId: await freshVictimToken() },
    run,
    read,
    freshSpace,
    freshCollection,
    freshMember: member,
    freshTeam: (members = []) => team(unique('Team'), members),
    freshInviteLink,
    freshSamlProvider,
    freshVictimToken,
    ownOrganizationOf,
    unique,
  };
}

/**
 * A public site of the organization showing `spaceId` (a fresh space, placed as every item is,
 * so the grant holders' grants apply to it), published, and the site API
 * token the lookup of its address gives an anonymous visitor (real HTTP).
 */
async function siteVisitorOf(
  server: TestServer,
  run: MatrixFixture['run'],
  organizationId: string,
  spaceId: string,
): Promise<{ siteId: string; spaceId: string; token: string }> {
  const site = await run(operations.sites.create, {
    organizationId,
    title: 'Visited site',
    spaces: [spaceId],
  });
  await run(operations.sites.publish, { organizationId, siteId: site.id });
  const url = `${server.services.urls.app}/~sites/${organizationId}/${site.id}/`;
  const response = await server.api('/v1/urls/published', { method: 'POST', body: { url } });
  if (response.status !== 200) throw new Error(`the lookup of ${url}: ${JSON.stringify(response.body)}`);
  // The same payload signed to outlive the test file (a site token lives 15 minutes, a
  // matrix file may run longer): what the token says is the lookup's own.
  const { iat: _iat, exp: _exp, iss: _iss, ...payload } = decodeJwt(response.body.apiToken);
  return { siteId: site.id, spaceId, token: await server.services.secrets.signClaims(payload, 24 * 60 * 60) };
}
