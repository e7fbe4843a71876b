/** The permission matrix of reusable contents, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { reusableContentCases } from './reusable-contents.cases';

runMatrix(reusableContentCases);
