export * from './accept-invitation';
export * from './invitation-schema';
export { invitationOperations } from './operations';
export type { InvitationRepository } from './ports';
export type { InvitationRecord } from './records';
export { INVITATION_LIFETIME_MS } from './send-invitation';
