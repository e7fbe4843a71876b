/**
 * Webhook events made by operations that report no domain event of their own: after a
 * mutation succeeds on any face, its name, validated input and output are looked up here
 * (`webhookEventOfOperation`). Ids come from the input (what the caller named) and the output
 * (what was made); anything else from the output, which the caller was allowed to read.
 */
import type { WebhookEventData } from './webhook-event';
import type { WebhookEventType } from './webhook-event-types';

type Fields = Record<string, unknown>;

/** What an operation's success means to webhooks: the event type, its resource and its data. */
export interface OperationEvent {
  type: WebhookEventType;
  /** The organization, when the input names it; else the event's space's (looked up). */
  organizationId?: string;
  spaceId?: string;
  resourceKey: string;
  data: WebhookEventData;
  /**
   * The change request as the caller named it (its id, or its number in the space: paths take
   * both), which `noteOperationForWebhooks` turns into `data.changeRequest` and the resource key.
   */
  changeRequestRef?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null ? (value as Fields) : {};

type Describe = (input: Fields, output: Fields) => OperationEvent | null;

function spaceEvent(type: WebhookEventType): Describe {
  return (input, output) => {
    const id = text(output.id) ?? text(input.spaceId);
    if (id === undefined) return null;
    const title = text(output.title);
    return {
      type,
      organizationId: text(input.organizationId) ?? text(output.organization),
      spaceId: id,
      resourceKey: `space:${id}`,
      data: { space: { id, ...(title === undefined ? {} : { title }) } },
    };
  };
}

function changeRequestEvent(type: WebhookEventType, extra: (input: Fields) => Fields = () => ({})): Describe {
  return (input, output) => {
    const spaceId = text(input.spaceId);
    const ref = text(input.changeRequestId) ?? text(output.id);
    if (spaceId === undefined || ref === undefined) return null;
    return {
      type,
      spaceId,
      resourceKey: `change_request:${ref}`,
      changeRequestRef: ref,
      data: { space: { id: spaceId }, ...extra(input) },
    };
  };
}

function siteEvent(type: WebhookEventType): Describe {
  return (input, output) => {
    const id = text(input.siteId);
    if (id === undefined) return null;
    const title = text(output.title);
    return {
      type,
      organizationId: text(input.organizationId),
      resourceKey: `site:${id}`,
      data: { site: { id, ...(title === undefined ? {} : { title }) } },
    };
  };
}

function teamEvent(type: WebhookEventType): Describe {
  return (input, output) => {
    const id = text(input.teamId) ?? text(output.id);
    if (id === undefined) return null;
    const title = text(output.title);
    const userId = text(input.userId);
    return {
      type,
      organizationId: text(input.organizationId),
      resourceKey: `team:${id}`,
      data: {
        team: { id, ...(title === undefined ? {} : { title }) },
        ...(userId === undefined ? {} : { user: { id: userId } }),
      },
    };
  };
}

const memberEvent =
  (type: WebhookEventType): Describe =>
  (input) => {
    const userId = text(input.userId);
    if (userId === undefined) return null;
    return {
      type,
      organizationId: text(input.organizationId),
      resourceKey: `member:${userId}`,
      data: {
        member: { userId, ...(Object.hasOwn(input, 'role') ? { role: input.role ?? null } : {}) },
      },
    };
  };

/** Each operation that makes an event, by name. */
const OPERATION_EVENTS: Readonly<Record<string, Describe>> = {
  'spaces.create': spaceEvent('space.created'),
  'spaces.duplicate': spaceEvent('space.created'),
  'spaces.update': spaceEvent('space.updated'),
  'spaces.remove': spaceEvent('space.deleted'),
  'changeRequests.create': changeRequestEvent('change_request.opened'),
  'changeRequests.requestedReviewers.request': changeRequestEvent(
    'change_request.review_requested',
    (input) => ({
      reviewers: Array.isArray(input.users) ? input.users.map((id) => ({ id })) : [],
    }),
  ),
  'changeRequests.reviews.submit': (input) =>
    input.status === 'approved' ? changeRequestEvent('change_request.approved')(input, {}) : null,
  'changeRequests.merge': (input, output) =>
    output.result === 'conflicts'
      ? null
      : changeRequestEvent('change_request.merged', () => ({
          revision: { id: text(output.revision) ?? null },
        }))(input, {}),
  'sites.publish': siteEvent('site.published'),
  'sites.unpublish': siteEvent('site.unpublished'),
  'orgs.members.update': (input, output) =>
    Object.hasOwn(input, 'role') ? memberEvent('member.role_changed')(input, output) : null,
  'orgs.members.remove': memberEvent('member.removed'),
  'orgs.teams.create': teamEvent('team.created'),
  'orgs.teams.update': teamEvent('team.updated'),
  'orgs.teams.remove': teamEvent('team.deleted'),
  'orgs.teams.members.update': teamEvent('team.members_changed'),
  'orgs.teams.members.put': teamEvent('team.members_changed'),
  'orgs.teams.members.remove': teamEvent('team.members_changed'),
};

/** The webhook event a successful mutation makes, or null (most make none). */
export function webhookEventOfOperation(
  name: string,
  input: unknown,
  output: unknown,
): OperationEvent | null {
  const describe = Object.hasOwn(OPERATION_EVENTS, name) ? OPERATION_EVENTS[name] : undefined;
  return describe ? describe(fieldsOf(input), fieldsOf(output)) : null;
}

/** The type of event an operation makes when it makes one (the recovery sweep's first filter). */
const OPERATION_EVENT_TYPES: Readonly<Record<string, WebhookEventType>> = {
  'spaces.create': 'space.created',
  'spaces.duplicate': 'space.created',
  'spaces.update': 'space.updated',
  'spaces.remove': 'space.deleted',
  'changeRequests.create': 'change_request.opened',
  'changeRequests.requestedReviewers.request': 'change_request.review_requested',
  'changeRequests.reviews.submit': 'change_request.approved',
  'changeRequests.merge': 'change_request.merged',
  'sites.publish': 'site.published',
  'sites.unpublish': 'site.unpublished',
  'orgs.members.update': 'member.role_changed',
  'orgs.members.remove': 'member.removed',
  'orgs.teams.create': 'team.created',
  'orgs.teams.update': 'team.updated',
  'orgs.teams.remove': 'team.deleted',
  'orgs.teams.members.update': 'team.members_changed',
  'orgs.teams.members.put': 'team.members_changed',
  'orgs.teams.members.remove': 'team.members_changed',
};

export const eventTypeOfOperation = (name: string): WebhookEventType | undefined =>
  Object.hasOwn(OPERATION_EVENT_TYPES, name) ? OPERATION_EVENT_TYPES[name] : undefined;

/** The operations that make events (docs and tests list them). */
export const OPERATIONS_WITH_EVENTS = Object.keys(OPERATION_EVENTS);
