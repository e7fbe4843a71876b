/** The permission matrix of the audit log, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { auditCases } from './audit.cases';

runMatrix(auditCases);
