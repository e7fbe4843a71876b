/** The permission matrix of the OpenAPI specification routes, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { openApiCases } from './openapi.cases';

runMatrix(openApiCases);
