/**
 * The event of a change request's content moving to a new revision (a batch edit, an import
 * into it, an update from the space's content): published once its pointer moved. Ids only,
 * as every event: the pages being edited together in that change request hear it and read
 * the new revision through the operations (`apps/server/src/collaboration/`), as the live
 * space's sessions hear `space.content`.
 */
import type { OperationContext } from '../../core/context';
import type { DomainEventBase } from '../../core/ports/events';
import type { SpaceRecord } from '../spaces/records';

export interface ChangeRequestContentEvent extends DomainEventBase<'change_request.content'> {
  spaceId: string;
  changeRequestId: string;
  /** The change request's new revision. */
  revisionId: string;
}

declare module '../../core/ports/events' {
  interface DomainEventTypes {
    changeRequestContent: ChangeRequestContentEvent;
  }
}

/** Reports that the change request `changeRequestId` of `space` now holds revision `revisionId`. */
export function publishChangeRequestContent(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
  changeRequestId: string,
  revisionId: string,
): Promise<void> {
  return ctx.events.publish({
    id: ctx.ids.newId(),
    type: 'change_request.content',
    at: ctx.clock.now().toISOString(),
    actorId: ctx.caller?.userId ?? null,
    organizationId: space.organizationId,
    spaceId: space.id,
    changeRequestId,
    revisionId,
  });
}
