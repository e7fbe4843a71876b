/** The permission matrix of the identity routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { identityCases } from './identity.cases';

runMatrix(identityCases);
