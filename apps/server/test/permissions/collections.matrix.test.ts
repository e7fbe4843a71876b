/** The permission matrix of the collections routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { collectionCases } from './collections.cases';

runMatrix(collectionCases);
