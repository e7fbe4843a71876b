/** `@quire/domain`: the core, the rules, and every area's records, ports, operations and registry. */
export * from './areas';
export * from './core';
export * from './policies';
export * from './registry';
