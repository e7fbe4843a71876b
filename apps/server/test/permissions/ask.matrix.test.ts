/** The permission matrix of the ask routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { askCases } from './ask.cases';

runMatrix(askCases);
