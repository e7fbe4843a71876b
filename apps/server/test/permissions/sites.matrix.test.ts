/** The permission matrix of the site routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { siteCases } from './sites.cases';

runMatrix(siteCases);
