/** `@quire/domain`: the core, the rules, and every area's records, ports, operations and registry. */
export * from './content';
export * from './core';
export * from './git-sync';
export * from './identity';
export * from './jobs';
export * from './openapi';
export * from './organizations';
export * from './policies';
export * from './publishing';
export * from './registry';
export * from './translations';
