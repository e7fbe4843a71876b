/** The core every area builds on: operations, errors, paging, common schemas and the ports of time, ids and secrets. */
export * from './context';
export * from './errors';
export * from './execute';
export * from './operation';
export * from './paging';
export * from './patch';
export * from './ports/clock';
export * from './ports/content-imports';
export * from './ports/content-search';
export * from './ports/content-templates';
export * from './ports/events';
export * from './ports/ids';
export * from './ports/incoming-files';
export * from './ports/passwords';
export * from './ports/pdf-links';
export * from './ports/secrets';
export * from './schemas';
