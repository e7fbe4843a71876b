/** The permission matrix of the translation routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { translationCases } from './translations.cases';

runMatrix(translationCases);
