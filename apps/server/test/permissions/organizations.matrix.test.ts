/**
 * The permission matrix of the organizations routes (pending invitations and deleting an
 * organization among them, whose cases have files of their own), on the three faces (`support/matrix`): one fixture for all.
 */
import { runMatrix } from '../support/matrix/run-matrix';
import { invitationCases } from './invitations.cases';
import { organizationDeletionCases } from './organization-deletion.cases';
import { organizationCases } from './organizations.cases';

runMatrix([...organizationCases, ...invitationCases, ...organizationDeletionCases]);
