export * from './content-position-schema';
export * from './position-between';
export * from './records';
export * from './resolve-sibling-position';
