export * from './content-position-schema';
export * from './no-change';
export * from './position-between';
export * from './records';
export * from './resolve-sibling-position';
