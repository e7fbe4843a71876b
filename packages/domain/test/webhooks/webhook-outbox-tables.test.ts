/**
 * The recovery sweep knows every operation that makes a webhook event: its type (the sweep's
 * first filter) and how to make the event again from an audit event. An operation added to
 * `events-of-operations.ts` without both fails here (its events would be lost on a crash).
 */
import { expect, it } from 'vitest';
import { RECOVERABLE_OPERATIONS } from '../../src/webhooks/events-of-audit-events';
import {
  eventTypeOfOperation,
  OPERATIONS_WITH_EVENTS,
  webhookEventOfOperation,
} from '../../src/webhooks/events-of-operations';

it('lists, for every operation that makes an event, its type and how the sweep makes it again', () => {
  expect([...RECOVERABLE_OPERATIONS].sort()).toEqual([...OPERATIONS_WITH_EVENTS].sort());
  for (const name of OPERATIONS_WITH_EVENTS) expect(eventTypeOfOperation(name), name).toBeDefined();
  expect(eventTypeOfOperation('spaces.content.update')).toBeUndefined();
  // The type the sweep filters on is the type the operation makes.
  const made = webhookEventOfOperation(
    'changeRequests.reviews.submit',
    { spaceId: 's', changeRequestId: 'c', status: 'approved' },
    {},
  );
  expect(made?.type).toBe(eventTypeOfOperation('changeRequests.reviews.submit'));
});
