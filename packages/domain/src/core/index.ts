/** The core every area builds on: operations, errors, paging, common schemas and the ports of time, ids and secrets. */

export * from './ai-provider-error';
export * from './area-declaration';
export * from './audit-actions';
export * from './audit-draft';
export * from './bounded-cache';
export * from './context';
export * from './errors';
export * from './execute';
export * from './in-process-untrusted-markdown';
export * from './loaded-values';
export * from './operation';
export * from './paging';
export * from './patch';
export * from './ports/clock';
export * from './ports/events';
export * from './ports/ids';
export * from './ports/passwords';
export * from './ports/secrets';
export * from './ports/untrusted-markdown';
export * from './schemas';
