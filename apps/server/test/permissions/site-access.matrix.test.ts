/** The permission matrix of the routes of who reaches a site (`site-access.cases.ts`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { siteAccessCases } from './site-access.cases';

runMatrix(siteAccessCases);
