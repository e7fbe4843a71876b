import { z } from 'zod';
import { IdSchema } from '../../../../core/schemas';
import { changeRequestPathShape } from '../../operations/params';

/** The `reviewId` path parameter. */
export const ReviewIdParam = IdSchema.describe('Id of the review');
/** The `userId` path parameter of a requested reviewer. */
export const ReviewerUserIdParam = IdSchema.describe('Id of the user');

export const ReviewPathSchema = z.strictObject({ ...changeRequestPathShape, reviewId: ReviewIdParam });
