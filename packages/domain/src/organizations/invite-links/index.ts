export * from './invite-link-schema';
export * from './join-through-invite-link';
export * from './ports';
export * from './records';
