/** The permission matrix of the routes of a site's structure, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { siteStructureCases } from './site-structure.cases';

runMatrix(siteStructureCases);
