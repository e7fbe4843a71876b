import type { RestRoute } from '../route';

export const contentPermissionRoutes: RestRoute[] = [];
