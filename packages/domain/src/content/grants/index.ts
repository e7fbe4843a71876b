export * from './operations';
export * from './ports';
export * from './records';
