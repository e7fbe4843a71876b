/**
 * The event of a change that may have lessened someone's access to pages (`access.changed`):
 * a member removed, disabled or given another role, a grant on a space or a collection removed
 * or lowered, a team's members or grants changed, a space moved, transferred or made private, an
 * organization changed or deleted, a token or a session revoked, a sign-out. Who follows it
 * checks at once the access of the people it can affect (the co-editing server: a removed member
 * stopped typing into the shared pages only at its next sweep, 30 s later, and what they typed
 * meanwhile was saved under another writer's name). Ids only.
 *
 * Operations make it through one table (`ACCESS_CHANGES`, by operation name): after a mutation
 * succeeds on any face, `noteAccessChange` publishes its scope, the narrowest the input names:
 * - `userId`: only that person (null: everyone in the scope, e.g. a team's members);
 * - `spaceId`: only that space's pages (null: the whole organization);
 * - `organizationId` `''` with a person: all their organizations (a token or a session revoked).
 * A change request merged or archived has its own path (`live-edits.ts`).
 */
import type { OperationContext } from '../core/context';
import type { DomainEventBase } from '../core/ports/events';

export interface AccessChangedEvent extends DomainEventBase<'access.changed'> {
  /** The one person whose access may be lower; null: anyone's in the scope. */
  userId: string | null;
}

declare module '../core/ports/events' {
  interface DomainEventTypes {
    accessChanged: AccessChangedEvent;
  }
}

/** Whom a change may have cost access: see the file's comment. */
export interface AccessChangeScope {
  organizationId: string;
  spaceId: string | null;
  userId: string | null;
}

type Fields = Record<string, unknown>;
type ScopeOf = (ctx: OperationContext, input: Fields) => Promise<AccessChangeScope>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A change in the organization the input names; to the person it names, if it names one. */
const inOrganization: ScopeOf = async (_ctx, input) => ({
  organizationId: text(input.organizationId) ?? '',
  spaceId: null,
  userId: text(input.userId),
});

/** A change to one space (its grants, its place, its visibility), to the person it names, if any. */
const inSpace: ScopeOf = async (ctx, input) => {
  const spaceId = text(input.spaceId);
  const space = spaceId === null ? null : await ctx.repos.spaces.findById(spaceId);
  return { organizationId: space?.organizationId ?? '', spaceId, userId: text(input.userId) };
};

/**
 * A change to a collection reaches every space under it, at any depth: the whole organization.
 * A collection no longer found (removed) leaves the organization unknown: '' (everyone).
 */
const inCollection: ScopeOf = async (ctx, input) => {
  const collectionId = text(input.collectionId);
  const collection = collectionId === null ? null : await ctx.repos.collections.findById(collectionId);
  return { organizationId: collection?.organizationId ?? '', spaceId: null, userId: text(input.userId) };
};

/** The caller's own credential (a token or a session revoked): their access everywhere. */
const ofCaller: ScopeOf = async (ctx) => ({
  organizationId: '',
  spaceId: null,
  userId: ctx.caller?.userId ?? null,
});

/** An instance administrator's change to a person: their access everywhere. */
const ofNamedPerson: ScopeOf = async (_ctx, input) => ({
  organizationId: '',
  spaceId: null,
  userId: text(input.userId),
});

/**
 * The mutations that can lessen someone's access to pages, and whom. A grant raised, a member
 * added, pass too: a check that finds the same or more access changes nothing.
 */
export const ACCESS_CHANGES: Readonly<Record<string, ScopeOf>> = {
  'orgs.update': inOrganization,
  'orgs.delete': inOrganization,
  'orgs.members.update': inOrganization,
  'orgs.members.remove': inOrganization,
  'orgs.teams.update': inOrganization,
  'orgs.teams.remove': inOrganization,
  'orgs.teams.members.put': inOrganization,
  'orgs.teams.members.update': inOrganization,
  'orgs.teams.members.remove': inOrganization,
  'spaces.update': inSpace,
  'spaces.move': inSpace,
  'spaces.transfer': inSpace,
  'spaces.remove': inSpace,
  'spaces.permissions.invite': inSpace,
  'spaces.permissions.users.update': inSpace,
  'spaces.permissions.users.remove': inSpace,
  'spaces.permissions.teams.update': inSpace,
  'spaces.permissions.teams.remove': inSpace,
  'collections.update': inCollection,
  'collections.move': inCollection,
  'collections.transfer': inCollection,
  'collections.remove': inCollection,
  'collections.permissions.invite': inCollection,
  'collections.permissions.users.update': inCollection,
  'collections.permissions.users.remove': inCollection,
  'collections.permissions.teams.update': inCollection,
  'collections.permissions.teams.remove': inCollection,
  'user.tokens.revoke': ofCaller,
  'user.sessions.revoke': ofCaller,
  'admin.tokens.revoke': ofNamedPerson,
  'admin.users.setPassword': ofNamedPerson,
};

/**
 * Publishes the access change a successful mutation made, when it is one that can make any
 * (`ACCESS_CHANGES`). Awaited before the answer, so the followers on this server hear it before
 * the caller does (and before anything the caller's answer prompts). Never throws: the
 * followers' own sweeps are the backstop.
 */
export async function noteAccessChange(
  ctx: OperationContext,
  operationName: string,
  input: unknown,
): Promise<void> {
  const scopeOf = ACCESS_CHANGES[operationName];
  if (!scopeOf || typeof input !== 'object' || input === null) return;
  try {
    await publishAccessChange(ctx, await scopeOf(ctx, input as Fields));
  } catch {
    // Best effort, as said above.
  }
}

/**
 * What publishing needs of a context: where to publish, ids and the time, and who made the
 * change, if anyone did (the CLI's changes are no one's).
 */
type PublishingContext = Pick<OperationContext, 'events' | 'ids' | 'clock'> & {
  caller?: OperationContext['caller'];
};

/**
 * A person's sessions or tokens ended outside an operation (a sign-out, a password changed or
 * reset, a token revoked or a password set from the command line): their access everywhere
 * (`ofCaller`'s scope). Best effort, as `noteAccessChange`.
 */
export function publishPersonAccessChange(ctx: PublishingContext, userId: string | null): Promise<void> {
  return publishAccessChange(ctx, { organizationId: '', spaceId: null, userId }).catch(() => {});
}

async function publishAccessChange(ctx: PublishingContext, scope: AccessChangeScope): Promise<void> {
  await ctx.events.publish({
    id: ctx.ids.newId(),
    type: 'access.changed',
    at: ctx.clock.now().toISOString(),
    actorId: ctx.caller?.userId ?? null,
    organizationId: scope.organizationId,
    spaceId: scope.spaceId,
    userId: scope.userId,
  });
}
