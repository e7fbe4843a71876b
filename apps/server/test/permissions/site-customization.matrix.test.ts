/** The permission matrix of a site's customization, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { siteCustomizationCases } from './site-customization.cases';

runMatrix(siteCustomizationCases);
