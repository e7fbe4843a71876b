/** The permission matrix of the search routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { searchCases } from './search.cases';

runMatrix(searchCases);
