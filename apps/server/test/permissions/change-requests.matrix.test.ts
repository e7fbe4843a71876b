/** The permission matrix of the change-request routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { changeRequestCases } from './change-requests.cases';

runMatrix(changeRequestCases);
