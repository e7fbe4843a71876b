/**
 * The permission matrix of the organization settings routes (OpenID Connect providers
 * among them, whose cases have a file of their own), on the three faces (`support/matrix`):
 * one fixture for both.
 */
import { runMatrix } from '../support/matrix/run-matrix';
import { oidcProviderCases } from './oidc-providers.cases';
import { organizationSettingCases } from './organization-settings.cases';

runMatrix([...organizationSettingCases, ...oidcProviderCases]);
