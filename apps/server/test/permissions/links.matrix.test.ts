/** The permission matrix of the link routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { linkCases } from './links.cases';

runMatrix(linkCases);
