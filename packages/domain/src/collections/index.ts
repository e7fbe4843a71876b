export * from './collection-fields';
export * from './collection-schema';
export * from './operations';
export * from './ports';
export * from './records';
export * from './tree-lock';
