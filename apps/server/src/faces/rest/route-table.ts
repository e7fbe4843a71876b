/**
 * The `/v1` (and `/admin`) route table: each area's routes (`src/areas/`), in the areas'
 * order. The OpenAPI document is generated from this table.
 */
import { serverAreas } from '../../areas';
import type { RestRoute } from './route';

export const restRoutes: readonly RestRoute[] = serverAreas.flatMap((area) => area.routes);
