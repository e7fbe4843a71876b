/** The permission matrix of the published-URL lookup and of site API tokens, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { urlLookupCases } from './url-lookups.cases';

runMatrix(urlLookupCases);
