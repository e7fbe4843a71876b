/** The change-request operations, mounted as `changeRequests` by the content area. */

import { changeRequestPdf } from '../../revisions/operations/pdf-link';
import { reviewOperations } from '../reviews/operations';
import { createChangeRequest } from './create-change-request';
import { getChangeRequest } from './get-change-request';
import { importChangeRequestContent } from './import-change-request-content';
import { listChangeRequests } from './list-change-requests';
import { mergeChangeRequest } from './merge-change-request';
import { updateChangeRequest } from './update-change-request';
import { updateChangeRequestContent } from './update-change-request-content';
import { updateChangeRequestFromSpace } from './update-change-request-from-space';

export const changeRequestOperations = {
  list: listChangeRequests,
  create: createChangeRequest,
  get: getChangeRequest,
  update: updateChangeRequest,
  content: { update: updateChangeRequestContent, import: importChangeRequestContent },
  merge: mergeChangeRequest,
  updateFromSpace: updateChangeRequestFromSpace,
  pdf: changeRequestPdf,
  ...reviewOperations,
};

export { CreateChangeRequestInputSchema } from './create-change-request';
export { ListChangeRequestsInputSchema } from './list-change-requests';
export { ChangeRequestIdParam, ChangeRequestPathSchema, changeRequestPathShape } from './params';
export { UpdateChangeRequestInputSchema } from './update-change-request';
