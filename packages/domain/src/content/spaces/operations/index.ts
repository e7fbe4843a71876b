export { newSpaceRecord } from './create-space';
export { copyTitle } from './duplicate-space';
export { MemberContentPermissionSchema } from './list-member-spaces';
export { visibilityUnder } from './move-space';
export { SpaceIdParam } from './params';
