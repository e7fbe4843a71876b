/**
 * The permission matrix of the organizations routes (pending invitations among them, whose
 * cases have a file of their own), on the three faces (`support/matrix`): one fixture for both.
 */
import { runMatrix } from '../support/matrix/run-matrix';
import { invitationCases } from './invitations.cases';
import { organizationCases } from './organizations.cases';

runMatrix([...organizationCases, ...invitationCases]);
