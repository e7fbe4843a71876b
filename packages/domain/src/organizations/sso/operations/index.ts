import { createSamlProvider } from './create-saml-provider';
import { getSamlProvider } from './get-saml-provider';
import { listSamlProviders } from './list-saml-providers';
import { listSsoEntries } from './list-sso-entries';
import { removeSamlProvider } from './remove-saml-provider';
import { updateSamlProvider } from './update-saml-provider';

/** The `orgs.saml` operations (part of the organizations area's tree). */
export const samlOperations = {
  list: listSamlProviders,
  create: createSamlProvider,
  get: getSamlProvider,
  update: updateSamlProvider,
  remove: removeSamlProvider,
};

/** The `orgs.sso` operations (part of the organizations area's tree). */
export const ssoOperations = {
  list: listSsoEntries,
};
