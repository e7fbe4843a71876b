/** The permission matrix of uploading files, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { fileCases } from './files.cases';

runMatrix(fileCases);
