/**
 * Which changes make which webhook events, without the store: operations that make none,
 * outcomes that make none (a merge ending in conflicts, a review asking for changes, a member
 * update without a role), who receives what (`*`, a list, never a ping), and the rule table.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RULES } from '../../src/policies/webhook-policy';
import { webhookEventOfDomainEvent } from '../../src/webhooks/events-of-domain-events';
import { webhookEventOfOperation } from '../../src/webhooks/events-of-operations';
import { subscribesTo } from '../../src/webhooks/webhook-event-types';

describe('events of operations', () => {
  it('are made by the operations listed, from their input and output', () => {
    expect(
      webhookEventOfOperation('spaces.create', { organizationId: 'o' }, { id: 's', title: 'T' }),
    ).toEqual({
      type: 'space.created',
      organizationId: 'o',
      spaceId: 's',
      resourceKey: 'space:s',
      data: { space: { id: 's', title: 'T' } },
    });
    expect(
      webhookEventOfOperation(
        'changeRequests.merge',
        { spaceId: 's', changeRequestId: '3' },
        { result: 'merge', revision: 'r' },
      ),
    ).toMatchObject({
      type: 'change_request.merged',
      changeRequestRef: '3',
      data: { revision: { id: 'r' } },
    });
    expect(
      webhookEventOfOperation('orgs.members.update', { organizationId: 'o', userId: 'u', role: null }, {}),
    ).toMatchObject({ type: 'member.role_changed', data: { member: { userId: 'u', role: null } } });
  });

  it('are not made by other operations, nor by outcomes that change nothing webhooks tell', () => {
    expect(webhookEventOfOperation('spaces.list', { organizationId: 'o' }, {})).toBeNull();
    expect(webhookEventOfOperation('constructor', {}, {})).toBeNull();
    expect(
      webhookEventOfOperation(
        'changeRequests.merge',
        { spaceId: 's', changeRequestId: '3' },
        { result: 'conflicts' },
      ),
    ).toBeNull();
    expect(
      webhookEventOfOperation(
        'changeRequests.reviews.submit',
        { spaceId: 's', changeRequestId: '3', status: 'changes-requested' },
        {},
      ),
    ).toBeNull();
    expect(
      webhookEventOfOperation('orgs.members.update', { organizationId: 'o', userId: 'u' }, {}),
    ).toBeNull();
  });
});

describe('events of the bus', () => {
  const base = { id: 'e', at: '2026-01-01T00:00:00.000Z', actorId: null, organizationId: 'o' };
  it('keep the bus event id, so every server makes the same event', () => {
    const made = webhookEventOfDomainEvent({ ...base, type: 'space.content', spaceId: 's', revisionId: 'r' });
    expect(made).toEqual({
      resourceKey: 'space:s',
      event: {
        id: 'e',
        type: 'space.content_updated',
        version: 1,
        createdAt: base.at,
        organization: { id: 'o' },
        data: { space: { id: 's' }, revision: { id: 'r' }, actor: null },
      },
    });
  });
  it('are made of posts only, not of edits or deletions', () => {
    const comment = { ...base, spaceId: 's', changeRequestId: null, commentId: 'c' };
    expect(webhookEventOfDomainEvent({ ...comment, type: 'comment.posted' })?.event.type).toBe(
      'comment.created',
    );
    expect(webhookEventOfDomainEvent({ ...comment, type: 'comment.updated' })).toBeNull();
    expect(webhookEventOfDomainEvent({ ...comment, type: 'comment.deleted' })).toBeNull();
  });
});

describe('subscriptions and rules', () => {
  it('gives an endpoint the types it lists, every type for *, and never a ping', () => {
    expect(subscribesTo(['*'], 'team.created')).toBe(true);
    expect(subscribesTo(['space.created'], 'space.created')).toBe(true);
    expect(subscribesTo(['space.created'], 'space.updated')).toBe(false);
    expect(subscribesTo(['*'], 'ping')).toBe(false);
  });
  it('leaves webhooks to admins', () => {
    expect(WEBHOOK_RULES).toEqual({ view: 'admin', manage: 'admin' });
  });
});
