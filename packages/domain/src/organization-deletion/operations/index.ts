/** The organization-deletion area's operations: `orgs.delete`, beside the organizations area's `orgs.*`. */
import type { OperationTree } from '../../core/operation';
import { deleteOrganization } from './delete-organization';

export const organizationDeletionOperations = {
  orgs: { delete: deleteOrganization },
} satisfies OperationTree;
