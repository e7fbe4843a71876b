export * from './member-references';
export * from './ports';
export * from './records';
export * from './team-fields';
export * from './team-member-schema';
export * from './team-schema';
export * from './teams-of-member';
