/** The permission matrix of the organizations routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { organizationCases } from './organizations.cases';

runMatrix(organizationCases);
