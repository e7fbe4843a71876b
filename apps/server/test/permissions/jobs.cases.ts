/**
 * The matrix of the job route (a Quire extension). A job on a space is seen by who can view
 * the space; any other job by the members of its organization with a role (not guests); everyone
 * else, and every caller asking for an unknown job, gets 404.
 */
import { enqueueJob, ROLES } from '@quire/domain';
import { anyCaller, byItemRole, bySiteRole } from '../support/matrix/expectations';
import { type MatrixCase, matrixCase } from '../support/matrix/matrix-case';
import type { MatrixFixture } from '../support/matrix/matrix-fixture';

const JOB = 'GET /v1/jobs/:jobId';

/** A job the organization's admin started; the server's worker may run (and fail) it meanwhile: reading it is the point. */
const job = async (f: MatrixFixture, spaceId?: string) =>
  (
    await enqueueJob(f.server.services, {
      kind: 'matrix.example',
      payload: {},
      organizationId: f.organization.id,
      ...(spaceId === undefined ? {} : { spaceId }),
      createdBy: f.admin.user.id,
    })
  ).id;

export const jobCases: MatrixCase[] = [
  matrixCase({
    route: JOB,
    title: 'a job of the organization',
    prepare: (f) => job(f),
    input: (_f, jobId: string) => ({ jobId }),
    expected: bySiteRole(ROLES, 200),
  }),
  matrixCase({
    route: JOB,
    title: 'a job on a space',
    prepare: (f) => job(f, f.content.space),
    input: (_f, jobId: string) => ({ jobId }),
    expected: byItemRole('read', 200),
  }),
  matrixCase({
    route: JOB,
    title: 'an unknown job',
    input: () => ({ jobId: 'no-such-job' }),
    expected: anyCaller(404),
  }),
];
