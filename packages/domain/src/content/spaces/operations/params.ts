import { IdSchema } from '../../../core/schemas';

/** The `spaceId` path parameter. */
export const SpaceIdParam = IdSchema.describe('Id of the space');
