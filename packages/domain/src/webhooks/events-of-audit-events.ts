/**
 * The webhook event of a change whose live dispatch may never have run (the process died
 * after the change's write): made again from its audit event (which holds the request's ids,
 * the actor, the time, the event's id and the ids the operation made first: `AuditOutboxRecord`)
 * and the resource as it stands now, through the same description as a live event
 * (`webhookEventOfMutation`). What may differ from the live event (docs/webhooks.md):
 * `data.recovered: true`; `createdAt` is the change's first write; a title, subject, role or the
 * reviewers are read now, so a later change shows; a merge is sent only if the change request
 * is merged, an approval only if the review the operation made is an approval.
 */
import type { AuditEventRecord } from '../audit';
import type { OperationContext } from '../core/context';
import { findChangeRequestOf } from '../policies/authorize-change-request';
import { type EventStamp, webhookEventOfMutation } from './note-operation-for-webhooks';
import type { WebhookEventToSend } from './webhook-event';

type RecoveryContext = Pick<OperationContext, 'repos' | 'clock' | 'ids' | 'events'>;
type Fields = Record<string, unknown>;

/** What the mutation's input and output were, as far as the audit event and the store tell; null: nothing to send. */
type Replay = (
  ctx: RecoveryContext,
  audit: AuditEventRecord,
  input: Fields,
) => Promise<{ input: Fields; output: Fields } | null>;

const asIs: Replay = async (_ctx, _audit, input) => ({ input, output: {} });

async function firstFound<T>(
  ids: readonly string[],
  find: (id: string) => Promise<T | null>,
): Promise<T | null> {
  for (const id of ids) {
    const found = await find(id);
    if (found !== null) return found;
  }
  return null;
}

const madeIdsOf = (audit: AuditEventRecord): string[] => audit.outbox?.madeIds ?? [];

async function changeRequestOf(ctx: RecoveryContext, input: Fields) {
  if (typeof input.spaceId !== 'string' || typeof input.changeRequestId !== 'string') return null;
  return findChangeRequestOf(ctx, { id: input.spaceId }, input.changeRequestId).catch(() => null);
}

const createdSpace: Replay = async (ctx, audit, input) => {
  const space = await firstFound(madeIdsOf(audit), async (id) => {
    const found = await ctx.repos.spaces.findById(id);
    return found !== null && found.organizationId === audit.organizationId ? found : null;
  });
  return space === null ? null : { input, output: { id: space.id, title: space.title } };
};

const updatedSpace: Replay = async (ctx, _audit, input) => {
  const space = typeof input.spaceId === 'string' ? await ctx.repos.spaces.findById(input.spaceId) : null;
  return { input, output: space === null ? {} : { id: space.id, title: space.title } };
};

const publishedSite: Replay = async (ctx, _audit, input) => {
  const site = typeof input.siteId === 'string' ? await ctx.repos.sites.findById(input.siteId) : null;
  return { input, output: site === null ? {} : { title: site.title } };
};

const REPLAYS: Readonly<Record<string, Replay>> = {
  'spaces.create': createdSpace,
  'spaces.duplicate': createdSpace,
  'spaces.update': updatedSpace,
  'spaces.remove': asIs,
  'changeRequests.create': async (ctx, audit, input) => {
    const spaceId = input.spaceId;
    const changeRequest = await firstFound(madeIdsOf(audit), async (id) => {
      const found = await ctx.repos.changeRequests.findById(id);
      return found !== null && found.spaceId === spaceId ? found : null;
    });
    return changeRequest === null ? null : { input, output: { id: changeRequest.id } };
  },
  'changeRequests.requestedReviewers.request': async (ctx, _audit, input) => {
    const changeRequest = await changeRequestOf(ctx, input);
    if (changeRequest === null) return null;
    const reviewers = await ctx.repos.changeRequestReviewers.listOf(changeRequest.id, 100);
    return { input: { ...input, users: reviewers.map((reviewer) => reviewer.userId) }, output: {} };
  },
  'changeRequests.reviews.submit': async (ctx, audit, input) => {
    const changeRequest = await changeRequestOf(ctx, input);
    if (changeRequest === null) return null;
    const review = await firstFound(madeIdsOf(audit), (id) =>
      ctx.repos.changeRequestReviews.findById(changeRequest.id, id),
    );
    return review === null ? null : { input: { ...input, status: review.status }, output: {} };
  },
  'changeRequests.merge': async (ctx, _audit, input) => {
    const changeRequest = await changeRequestOf(ctx, input);
    if (changeRequest?.status !== 'merged') return null;
    return { input, output: { result: 'merge', revision: changeRequest.revisionMerged } };
  },
  'sites.publish': publishedSite,
  'sites.unpublish': publishedSite,
  'orgs.members.update': async (ctx, audit, input) => {
    if (audit.organizationId === undefined || typeof input.userId !== 'string') return null;
    const member = await ctx.repos.members.find(audit.organizationId, input.userId);
    return { input: { ...input, role: member?.role ?? null }, output: {} };
  },
  'orgs.members.remove': asIs,
  'orgs.teams.create': async (ctx, audit, input) => {
    const organizationId = audit.organizationId;
    if (organizationId === undefined) return null;
    const team = await firstFound(madeIdsOf(audit), (id) => ctx.repos.teams.findById(organizationId, id));
    return team === null ? null : { input, output: { id: team.id, title: team.title } };
  },
  'orgs.teams.update': async (ctx, audit, input) => {
    const team =
      audit.organizationId !== undefined && typeof input.teamId === 'string'
        ? await ctx.repos.teams.findById(audit.organizationId, input.teamId)
        : null;
    return { input, output: team === null ? {} : { title: team.title } };
  },
  'orgs.teams.remove': asIs,
  'orgs.teams.members.update': asIs,
  'orgs.teams.members.put': asIs,
  'orgs.teams.members.remove': asIs,
};

/** The operations whose events the recovery makes again (every operation that makes one). */
export const RECOVERABLE_OPERATIONS = Object.keys(REPLAYS);

/** The event of the change `audit` records, made again; null when it makes none (or its resource cannot be named). */
export async function webhookEventOfAuditEvent(
  ctx: RecoveryContext,
  audit: AuditEventRecord,
): Promise<WebhookEventToSend | null> {
  const replay = Object.hasOwn(REPLAYS, audit.operation) ? REPLAYS[audit.operation] : undefined;
  if (replay === undefined || audit.outbox === undefined) return null;
  const input: Fields = { ...audit.ids };
  if (input.organizationId === undefined && audit.organizationId !== undefined)
    input.organizationId = audit.organizationId;
  const replayed = await replay(ctx, audit, input);
  if (replayed === null) return null;
  const stamp: EventStamp = {
    id: audit.outbox.eventId,
    actorId: audit.actor.id,
    createdAt: audit.occurredAt,
    extra: { recovered: true },
  };
  return webhookEventOfMutation(ctx, audit.operation, replayed.input, replayed.output, stamp);
}
