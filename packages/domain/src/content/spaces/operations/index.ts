export { copyTitle } from './duplicate-space';
export { MemberContentPermissionSchema } from './list-member-spaces';
