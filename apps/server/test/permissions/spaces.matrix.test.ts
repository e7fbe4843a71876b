/** The permission matrix of the spaces routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { spaceCases } from './spaces.cases';

runMatrix(spaceCases);
