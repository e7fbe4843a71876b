export * from './operations';
export * from './ports';
export * from './purge-deleted-spaces';
export * from './records';
export * from './restore-window';
export * from './space-fields';
export * from './space-schema';
export * from './visible-spaces';
