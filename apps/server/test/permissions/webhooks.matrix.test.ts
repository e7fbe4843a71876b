/** The permission matrix of webhook endpoints and their deliveries, on the three faces (`support/matrix`). */
import { runMatrix } from '../support/matrix/run-matrix';
import { webhookCases } from './webhooks.cases';

runMatrix(webhookCases);
