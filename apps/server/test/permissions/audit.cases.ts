/**
 * The matrix of the audit log: only the organization's admins read it (the list, one event,
 * the actions); other members 403, people outside it 404. Reading writes nothing.
 */
import { byOrganizationRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const ORG = '/v1/orgs/:organizationId';
const orgInput = (f: MatrixFixture) => ({ organizationId: f.organization.id });

/** An event of the organization: a space its admin creates through the API (the newest event). */
const freshEvent = async (f: MatrixFixture): Promise<string> => {
  const organization = `/v1/orgs/${f.organization.id}`;
  const title = f.unique('Audited');
  await f.server.api(`${organization}/spaces`, { method: 'POST', token: f.admin.token, body: { title } });
  const listed = await f.server.api(`${organization}/audit-events?action=spaces.create&limit=1`, {
    token: f.admin.token,
  });
  const id = (listed.body as { items: Array<{ id: string }> }).items[0]?.id;
  if (id === undefined) throw new Error('audit cases: the space made no event');
  return id;
};

export const auditCases: MatrixCase[] = [
  matrixCase({
    route: `GET ${ORG}/audit-events`,
    input: orgInput,
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: `GET ${ORG}/audit-events/:auditEventId`,
    prepare: freshEvent,
    input: (f, auditEventId: string) => ({ ...orgInput(f), auditEventId }),
    expected: byOrganizationRole(['admin'], 200),
  }),
  matrixCase({
    route: `GET ${ORG}/audit-event-actions`,
    input: orgInput,
    expected: byOrganizationRole(['admin'], 200),
  }),
];
