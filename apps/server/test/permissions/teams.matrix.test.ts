/** The permission matrix of the teams routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { teamCases } from './teams.cases';

runMatrix(teamCases);
