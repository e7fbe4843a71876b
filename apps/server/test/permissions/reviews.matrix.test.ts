/** The permission matrix of the review routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { reviewCases } from './reviews.cases';

runMatrix(reviewCases);
