import { createOidcProvider } from './create-oidc-provider';
import { getOidcProvider } from './get-oidc-provider';
import { listOidcProviders } from './list-oidc-providers';
import { removeOidcProvider } from './remove-oidc-provider';
import { updateOidcProvider } from './update-oidc-provider';

/** The `orgs.oidc` operations (part of the organizations area's tree; Quire's own, GitBook has none). */
export const oidcOperations = {
  list: listOidcProviders,
  create: createOidcProvider,
  get: getOidcProvider,
  update: updateOidcProvider,
  remove: removeOidcProvider,
};
