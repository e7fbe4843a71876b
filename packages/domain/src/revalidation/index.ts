export * from './cache-tags';
export * from './enqueue-revalidation';
export * from './renderer-change';
export * from './renderer-revalidation';
export * from './revalidate-renderers-job';
