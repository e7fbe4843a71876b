import { createSamlProvider } from './create-saml-provider';
import { getSamlProvider } from './get-saml-provider';
import { listSamlProviders } from './list-saml-providers';
import { listSsoEntries } from './list-sso-entries';
import { removeSamlProvider } from './remove-saml-provider';
import { updateSamlProvider } from './update-saml-provider';

/** Mounted at `orgs.saml` in the registry. */
export const samlOperations = {
  list: listSamlProviders,
  create: createSamlProvider,
  get: getSamlProvider,
  update: updateSamlProvider,
  remove: removeSamlProvider,
};

/** Mounted at `orgs.sso` in the registry. */
export const ssoOperations = {
  list: listSsoEntries,
};
