export * from './collection-fields';
export * from './collection-schema';
export * from './collection-tree';
export * from './ports';
export * from './records';
