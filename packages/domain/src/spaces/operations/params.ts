import { IdSchema } from '../../schemas/common';

/** The `spaceId` path parameter. */
export const SpaceIdParam = IdSchema.describe('Id of the space');
