/** The permission matrix of a space's Git Sync routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { gitSyncCases } from './git-sync.cases';

runMatrix(gitSyncCases);
