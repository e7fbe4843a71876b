export * from './invite-link-schema';
export { inviteLinkOperations } from './operations';
export * from './ports';
export * from './records';
