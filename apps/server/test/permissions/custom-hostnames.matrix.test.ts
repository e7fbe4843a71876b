/** The permission matrix of custom hostnames, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { customHostnameCases } from './custom-hostnames.cases';

runMatrix(customHostnameCases);
