/**
 * The event of a space's content moving to a new revision (an edit, an import, a template,
 * a merged change request): published once the space's pointer moved. Ids only, as every
 * event: the search index of the new revision is warmed from it, and whoever else follows
 * reads the content through the operations.
 */
import type { OperationContext } from '../../core/context';
import type { DomainEventBase } from '../../core/ports/events';
import type { SpaceRecord } from '../spaces/records';

export interface SpaceContentEvent extends DomainEventBase<'space.content'> {
  spaceId: string;
  /** The space's new head revision. */
  revisionId: string;
}

declare module '../../core/ports/events' {
  interface DomainEventTypes {
    spaceContent: SpaceContentEvent;
  }
}

/** Reports that `space` now shows revision `revisionId`. */
export function publishSpaceContent(
  ctx: OperationContext,
  space: Pick<SpaceRecord, 'id' | 'organizationId'>,
  revisionId: string,
): Promise<void> {
  return ctx.events.publish({
    id: ctx.ids.newId(),
    type: 'space.content',
    at: ctx.clock.now().toISOString(),
    actorId: ctx.caller?.userId ?? null,
    organizationId: space.organizationId,
    spaceId: space.id,
    revisionId,
  });
}
