export * from './invite-link-schema';
export * from './ports';
export * from './records';
