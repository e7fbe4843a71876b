/**
 * The visitor conditions a render reads, told as they are tested (`page-conditions.ts` keys a
 * page by them). A page's `if` blocks are decided in two places: the page read (a site token's
 * reads decide them through the context's `visitorConditions` port, `resolved-document.ts`,
 * reusable contents included) and the reader (`visitorCondition`, for any the read left). Both
 * are wrapped here; nothing else of a render reads the visitor's claims.
 */
import type { OperationContext, VisitorConditions } from '@quire/domain';

export type ConditionRead = (expression: string) => void;

/**
 * A context like `ctx` whose `if` conditions are told to `read` as the domain tests them (the
 * same answers). A context without the port is returned as it is: its reads then decide no
 * condition on the claims.
 */
export function conditionsReadIn(ctx: OperationContext, read: ConditionRead): OperationContext {
  const port: VisitorConditions | undefined = ctx.visitorConditions;
  if (port === undefined) return ctx;
  const recording = Object.create(ctx) as OperationContext;
  recording.visitorConditions = {
    holds(expression, claims) {
      read(expression);
      return port.holds(expression, claims);
    },
  };
  return recording;
}

/** The reader's own test of a condition, telling `read` of each it tests. */
export const conditionRead =
  (holds: (expression: string) => boolean, read: ConditionRead | undefined) =>
  (expression: string): boolean => {
    read?.(expression);
    return holds(expression);
  };
