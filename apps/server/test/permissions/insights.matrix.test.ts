/** The permission matrix of a site's insights, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { insightsCases } from './insights.cases';

runMatrix(insightsCases);
