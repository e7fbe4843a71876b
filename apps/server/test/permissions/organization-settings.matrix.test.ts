/** The permission matrix of the organization settings routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { organizationSettingCases } from './organization-settings.cases';

runMatrix(organizationSettingCases);
