import { z } from 'zod';
import { IdSchema } from '../../../core/schemas';
import { SpaceIdParam } from '../../spaces/operations/params';

/** The `changeRequestId` path parameter: the id of a change request or its number in the space. */
export const ChangeRequestIdParam = IdSchema.describe('Id of the change request, or its number in the space');

/** The path of one change request: `spaceId` and `changeRequestId`. */
export const changeRequestPathShape = {
  spaceId: SpaceIdParam,
  changeRequestId: ChangeRequestIdParam,
};

export const ChangeRequestPathSchema = z.strictObject(changeRequestPathShape);
