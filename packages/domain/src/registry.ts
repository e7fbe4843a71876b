/**
 * The registry: every operation of Quire, as a tree whose paths are the operations' names.
 * The REST route table, the tRPC router and the GraphQL schema are all built from it, and a
 * test fails when an operation misses a face.
 */
import { collectionPermissionOperations, spacePermissionOperations } from './access/operations';
import { collectionOperations, orgCollectionOperations } from './collections/operations';
import { identityOperations } from './identity/operations';
import { inviteLinkOperations } from './invite-links/operations';
import type { OperationTree } from './operation/operation';
import { organizationOperations } from './organizations/operations';
import { memberSpaceOperations, orgSpaceOperations, spaceOperations } from './spaces/operations';
import { samlOperations, ssoOperations } from './sso/operations';
import { teamOperations } from './teams/operations';

export const operations = {
  ...identityOperations,
  orgs: {
    ...organizationOperations,
    members: { ...organizationOperations.members, ...memberSpaceOperations },
    spaces: orgSpaceOperations,
    collections: orgCollectionOperations,
    teams: teamOperations,
    inviteLinks: inviteLinkOperations,
    saml: samlOperations,
    sso: ssoOperations,
  },
  spaces: { ...spaceOperations, permissions: spacePermissionOperations },
  collections: { ...collectionOperations, permissions: collectionPermissionOperations },
} satisfies OperationTree;

export type Operations = typeof operations;
