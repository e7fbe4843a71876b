/**
 * The event of a person joining an organization (`member.added`), whichever way they joined:
 * an invitation accepted, an invite link, single sign-on, the organization made by its owner.
 * Published after the membership is written, by `addOrganizationMember`; ids only. Webhooks
 * deliver it (`member.added`).
 */
import type { DomainEventBase } from '../core/ports/events';
import type { RoleOrGuest } from '../core/schemas';

export interface MemberAddedEvent extends DomainEventBase<'member.added'> {
  userId: string;
  /** The role they joined with (null: a guest). */
  role: RoleOrGuest;
}

declare module '../core/ports/events' {
  interface DomainEventTypes {
    memberAdded: MemberAddedEvent;
  }
}
