/** The permission matrix of the comment routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { commentCases } from './comments.cases';

runMatrix(commentCases);
