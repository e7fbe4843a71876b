/** Change requests: proposed edits to a space, numbered per space, with their status and counters. */
export * from './change-request-content-event';
export * from './change-request-fields';
export * from './change-request-people';
export * from './change-request-schema';
export * from './live-edits';
export * from './merged-from';
export * from './operations';
export * from './outdated';
export * from './patch-rules';
export * from './ports';
export * from './records';
export * from './reviews';
export * from './space-counters';
