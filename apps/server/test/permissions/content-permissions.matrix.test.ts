/** The permission matrix of the content permissions routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { contentPermissionCases } from './content-permissions.cases';

runMatrix(contentPermissionCases);
