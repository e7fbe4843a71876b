/** The permission matrix of a space's content and revision routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { contentCases } from './content.cases';

runMatrix(contentCases);
