import type { RestRoute } from '../route';

export const collectionRoutes: RestRoute[] = [];
