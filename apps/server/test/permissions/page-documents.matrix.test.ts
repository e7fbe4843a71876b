/** The permission matrix of what a docs renderer reads to show a page, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { pageDocumentCases } from './page-documents.cases';

runMatrix(pageDocumentCases);
