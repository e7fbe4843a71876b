/** The permission matrix of a site's redirects, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { redirectCases } from './redirects.cases';

runMatrix(redirectCases);
