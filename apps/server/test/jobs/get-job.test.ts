/**
 * `GET /v1/jobs/{jobId}` (and the same operation on tRPC and GraphQL) over real HTTP: a job
 * as it runs and when it ended, the same on every face, without its payload, creator or
 * lease. The server's own worker is off here: the test runs one with its own handlers.
 */
import { hostname } from 'node:os';
import { enqueueJob, JobFailure } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../src/jobs/job-worker';
import { callFaces, findRoute } from '../support/faces/call-faces';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { eventOf, workerEvents } from './worker-events';

let server: TestServer;
let org: TestOrganization;
const events = workerEvents();
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer({ QUIRE_JOBS_IN_SERVER: 'false' });
  org = await createOrganization(server);
  const worker = startJobWorker(
    server.services,
    {
      'test.count': async (_ctx, job, report) => {
        report.progress(3, 3);
        report.log('counted to three');
        return { counted: job.payload.upTo };
      },
      'test.refuse': async () => {
        throw new JobFailure('PARSE_ERROR', 'The document is not OpenAPI');
      },
    },
    { pollMs: 2, onEvent: events.onEvent },
  );
  stopWorker = () => worker.stop();
});
afterAll(async () => {
  await stopWorker();
  await server.close();
});

const enqueue = (kind: string) =>
  enqueueJob(server.services, {
    kind,
    payload: { upTo: 3, secret: 'not for the API' },
    organizationId: org.organization.id,
    createdBy: org.admin.user.id,
  });

const JOB_ROUTE = findRoute('GET /v1/jobs/:jobId')!;

describe('GET /v1/jobs/{jobId}', () => {
  it('shows a job that ended done, the same on every face', async () => {
    const job = await enqueue('test.count');
    await events.waitFor(eventOf('done', job.id));
    const answers = await callFaces(server, {
      route: JOB_ROUTE,
      input: { jobId: job.id },
      token: org.admin.token,
    });
    const at = server.clock.now().toISOString();
    // GraphQL selects fields by hand: checked below.
    for (const answer of [answers.rest, answers.trpc]) {
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({
        id: job.id,
        kind: 'test.count',
        state: 'done',
        progress: { done: 3, total: 3 },
        attempts: 1,
        maxAttempts: 5,
        result: { counted: 3 },
        createdAt: at,
        finishedAt: at,
      });
    }
    const rest = answers.rest.data as Record<string, unknown>;
    expect((rest.log as Array<{ message: string }>).map((line) => line.message)).toEqual([
      'attempt 1 of 5 started',
      'counted to three',
      'done',
    ]);
    // No face shows the worker's identity (`<host>:<pid>:<random>`, `job-worker.ts`) to a reader of
    // the job. Looked for whole: a short host name ("vm") can be part of a random id.
    const text = JSON.stringify(rest);
    expect(text).not.toContain(`${hostname()}:${process.pid}:`);
    expect(text).not.toContain(`:${process.pid}:`);
    expect(text).not.toMatch(new RegExp(`"${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[:"]`));
    for (const hidden of ['payload', 'createdBy', 'leaseOwner', 'leaseUntil', 'organizationId', 'version'])
      expect(rest).not.toHaveProperty(hidden);
    const graphql = await server.api('/graphql', {
      method: 'POST',
      token: org.admin.token,
      body: {
        query:
          'query ($id: String!) { jobsGet(jobId: $id) { id kind state progress { done total } attempts log { message } result finishedAt } }',
        variables: { id: job.id },
      },
    });
    expect(graphql.body.errors).toBeUndefined();
    expect(graphql.body.data.jobsGet).toMatchObject({
      id: job.id,
      state: 'done',
      progress: { done: 3, total: 3 },
      attempts: 1,
      result: { counted: 3 },
      finishedAt: at,
    });
  });

  it('shows the error that ended a failed job', async () => {
    const job = await enqueue('test.refuse');
    await events.waitFor(eventOf('failed', job.id));
    const response = await server.api(`/v1/jobs/${job.id}`, { token: org.admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      state: 'failed',
      error: { code: 'PARSE_ERROR', message: 'The document is not OpenAPI' },
    });
    expect(response.body.result).toBeUndefined();
  });

  it('answers 404 for an unknown job and 401 without a token', async () => {
    const unknown = await server.api('/v1/jobs/nope', { token: org.admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: 404, message: 'Job not found' } });
    expect((await server.api('/v1/jobs/nope')).status).toBe(401);
  });
});
