import type { RestRoute } from '../route';

export const spaceRoutes: RestRoute[] = [];
