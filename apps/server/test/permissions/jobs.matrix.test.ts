/** The permission matrix of the job route, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { jobCases } from './jobs.cases';

runMatrix(jobCases);
