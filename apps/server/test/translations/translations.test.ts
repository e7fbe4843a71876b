/**
 * Translations through real HTTP: create, list (paged), get, put instructions, delete, and
 * runs: a run answers 204 and stores a `translation.run` job (seen at `GET /v1/jobs/{id}`),
 * two runs racing start one, and, with no provider configured, the job fails
 * `PROVIDER_NOT_CONFIGURED` and the translation says so (the runs themselves:
 * `translation-runs.test.ts`). Bad input: unknown
 * languages, a source space the caller cannot read, instructions that are not a document
 * tree, each a clear 4xx that changes nothing. The server's own worker is off: the test
 * runs one with the server's handlers when it wants the job to run.
 */
import { executeOperation, operations, type TranslationRepository } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverJobHandlers } from '../../src/jobs/job-handlers';
import { startJobWorker } from '../../src/jobs/job-worker';
import { eventOf, workerEvents } from '../jobs/worker-events';
import { badInputCases, validInputOf } from '../support/bad-input';
import { expectError, expectFieldError, walkPages } from '../support/expectations';
import { callFace, findRoute } from '../support/faces/call-faces';
import { describeResponse } from '../support/faces/face-call';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

let server: TestServer;
let org: TestOrganization;
let spaceId: string;
let translations: string;

const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
});
const instructions = (text: string) => ({
  object: 'document',
  data: { schemaVersion: 1 },
  nodes: [paragraph(text)],
});

async function call(token: string, method: string, path: string, body?: unknown) {
  return server.api(path, body === undefined ? { method, token } : { method, token, body });
}

async function newSpace(organization: TestOrganization, title = 'Handbook'): Promise<string> {
  const created = await call(
    organization.admin.token,
    'POST',
    `/v1/orgs/${organization.organization.id}/spaces`,
    {
      title,
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id;
}

const create = (body: Json, token = org.admin.token) => call(token, 'POST', translations, body);
const count = async () => (await call(org.admin.token, 'GET', translations)).body.count as number;

beforeAll(async () => {
  server = await startTestServer({ QUIRE_JOBS_IN_SERVER: 'false' });
  org = await createOrganization(server);
  spaceId = await newSpace(org);
  translations = `/v1/orgs/${org.organization.id}/translations`;
});
afterAll(() => server.close());

describe('translations', () => {
  it('creates a translation that has not run: status pending, stats zero, no result', async () => {
    const created = await create({
      language: 'fr',
      source: { space: spaceId, language: 'en' },
      instructions: instructions('Use the formal "vous".'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({
      object: 'translation',
      id: expect.any(String),
      status: 'pending',
      source: { space: spaceId, language: 'en' },
      language: 'fr',
      instructions: instructions('Use the formal "vous".'),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      stats: {
        runs: 0,
        totalWords: 0,
        totalPages: 0,
        totalDuration: 0,
        latestRunDuration: 0,
        latestPages: 0,
        latestWords: 0,
      },
      permissions: { view: true, edit: true },
      urls: { location: `${server.services.urls.api}${translations}/${created.body.id}` },
    });
    const got = await call(org.admin.token, 'GET', `${translations}/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
  });

  it('creates without instructions (an empty document) and lists page by page, oldest first', async () => {
    const other = await createOrganization(server);
    const space = await newSpace(other);
    const path = `/v1/orgs/${other.organization.id}/translations`;
    const ids: string[] = [];
    for (const language of ['de', 'es', 'it']) {
      const created = await call(other.admin.token, 'POST', path, {
        language,
        source: { space, language: 'en' },
      });
      expect(created.status).toBe(201);
      expect(created.body.instructions).toEqual({ object: 'document', data: {}, nodes: [] });
      ids.push(created.body.id);
    }
    const walked = await walkPages(server, `${path}?limit=2`, other.admin.token);
    expect(walked.items.map((item: Json) => item.id)).toEqual(ids);
    expect(walked.counts).toEqual([3, 3]);
    const reader = await addMember(server, other.organization.id, 'read');
    const read = await call(reader.token, 'GET', path);
    expect(read.body.items.map((item: Json) => item.permissions)).toEqual([
      { view: true, edit: false },
      { view: true, edit: false },
      { view: true, edit: false },
    ]);
  });

  it('puts instructions, and deletes (deleting again, or an unknown id, still 204)', async () => {
    const created = await create({ language: 'ja', source: { space: spaceId, language: 'en' } });
    const location = `${translations}/${created.body.id}`;
    const put = await call(org.admin.token, 'PUT', location, {
      instructions: instructions('Keep product names.'),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.instructions).toEqual(instructions('Keep product names.'));
    expect((await call(org.admin.token, 'GET', location)).body.instructions).toEqual(
      instructions('Keep product names.'),
    );
    expect((await call(org.admin.token, 'DELETE', location)).status).toBe(204);
    expectError(await call(org.admin.token, 'GET', location), 404);
    expect((await call(org.admin.token, 'DELETE', location)).status).toBe(204);
    expect((await call(org.admin.token, 'DELETE', `${translations}/unknown`)).status).toBe(204);
  });

  it('refuses a second translation of the space into the same language: 409 naming language', async () => {
    const space = await newSpace(org, 'Twice');
    const body = { language: 'pt', source: { space, language: 'en' } };
    const answers = await Promise.all([create(body), create(body), create(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error.message).toContain('language');
  });

  it('runs: 204 at once and a translation.run job; two racing runs start one; a run going is a 409', async () => {
    const created = await create({ language: 'de', source: { space: spaceId, language: 'en' } });
    const location = `${translations}/${created.body.id}`;
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => call(org.admin.token, 'POST', `${location}/run`)),
    );
    expect(runs.map((run) => run.status).sort()).toEqual([204, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of runs.filter((run) => run.status === 409)) {
      expectError(refused, 409);
      expect(refused.body.error.message).toContain('A run of this translation is going');
    }
    const translation = (await call(org.admin.token, 'GET', location)).body;
    expect(translation.status).toBe('pending');
    const job = await call(org.admin.token, 'GET', `/v1/jobs/${translation.job}`);
    expect(job.status).toBe(200);
    expect(job.body).toMatchObject({ id: translation.job, kind: 'translation.run', state: 'pending' });
    const again = await call(org.admin.token, 'POST', `${location}/run`);
    expectError(again, 409);
    expect((await call(org.admin.token, 'GET', location)).body.job).toBe(translation.job);
  });

  it('two runs that both read the translation before either writes: one starts, the other 409', async () => {
    const created = await create({ language: 'it', source: { space: spaceId, language: 'en' } });
    // The first two reads of the translation wait for each other: both requests have read
    // it, never run, before either records its run.
    const real = server.services.repos.translations;
    const waiting: Array<() => void> = [];
    let held = 0;
    const translations: TranslationRepository = {
      findById: async (id) => {
        const found = await real.findById(id);
        if (held < 2) {
          held += 1;
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            if (waiting.length === 2) for (const release of waiting) release();
          });
        }
        return found;
      },
      listPage: (organizationId, page) => real.listPage(organizationId, page),
      count: (organizationId) => real.count(organizationId),
      insert: (translation) => real.insert(translation),
      replace: (translation, version) => real.replace(translation, version),
      delete: (id) => real.delete(id),
    };
    const services = {
      ...server.services,
      repos: { ...server.services.repos, translations },
      caller: { userId: org.admin.user.id, tokenId: 'race', isInstanceAdmin: false },
    };
    const input = { organizationId: org.organization.id, translationId: created.body.id };
    const outcomes = await Promise.allSettled([
      executeOperation(operations.translations.run, services, input),
      executeOperation(operations.translations.run, services, input),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 'conflict' });
  });

  it('with no provider configured, a run fails saying how to configure one; a new run may start', async () => {
    const space = await newSpace(org, 'Failing');
    const created = await create({ language: 'fr', source: { space, language: 'en' } });
    const location = `${translations}/${created.body.id}`;
    expect((await call(org.admin.token, 'POST', `${location}/run`)).status).toBe(204);
    const jobId = (await call(org.admin.token, 'GET', location)).body.job;
    const events = workerEvents();
    const worker = startJobWorker(server.services, serverJobHandlers(server.services), {
      pollMs: 2,
      onEvent: events.onEvent,
    });
    try {
      const failed = await events.waitFor(eventOf('failed', jobId));
      expect(failed).toMatchObject({ error: { code: 'PROVIDER_NOT_CONFIGURED' } });
    } finally {
      await worker.stop();
    }
    const translation = (await call(org.admin.token, 'GET', location)).body;
    expect(translation.status).toBe('failed');
    expect(translation.error).toEqual({
      code: 'PROVIDER_NOT_CONFIGURED',
      message: expect.stringContaining('set QUIRE_TRANSLATE_PROVIDER (libretranslate or openai)'),
    });
    expect(translation.result).toBeUndefined();
    expect((await call(org.admin.token, 'POST', `${location}/run`)).status).toBe(204);
    const next = (await call(org.admin.token, 'GET', location)).body;
    expect(next.job).not.toBe(jobId);
    expect(next.status).toBe('pending');
  });
});

describe('translations: bad input changes nothing', () => {
  it('refuses an unknown language, the source language itself, and an unknown source language: 400', async () => {
    const before = await count();
    expectFieldError(
      await create({ language: 'xx', source: { space: spaceId, language: 'en' } }),
      'language',
    );
    expectFieldError(
      await create({ language: 'fr-CA', source: { space: spaceId, language: 'en' } }),
      'language',
    );
    expectFieldError(
      await create({ language: 'fr', source: { space: spaceId, language: 'klingon' } }),
      'source.language',
    );
    expectFieldError(
      await create({ language: 'en', source: { space: spaceId, language: 'en' } }),
      'language',
    );
    expect(await count()).toBe(before);
  });

  it('refuses instructions that are not a document tree: 400 naming instructions', async () => {
    const before = await count();
    const source = { space: spaceId, language: 'en' };
    const bad = [
      { object: 'block', nodes: [] },
      { object: 'document', nodes: [{ object: 'block', type: 'no-such-block', nodes: [] }] },
      { object: 'document', nodes: 'text' },
    ];
    for (const value of bad) {
      const refused = await create({ language: 'ko', source, instructions: value });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error.message).toContain('instructions');
    }
    expectFieldError(await create({ language: 'ko', source, instructions: 'be nice' }), 'instructions');
    expect(await count()).toBe(before);

    const created = await create({ language: 'ko', source, instructions: instructions('Polite.') });
    const location = `${translations}/${created.body.id}`;
    const put = await call(org.admin.token, 'PUT', location, {
      instructions: { object: 'document', nodes: [1] },
    });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toContain('instructions');
    expect((await call(org.admin.token, 'GET', location)).body.instructions).toEqual(instructions('Polite.'));
  });

  it('answers 404 naming source.space for a space the caller cannot read', async () => {
    const before = await count();
    const elsewhere = await createOrganization(server);
    const foreign = await newSpace(elsewhere);
    for (const space of [foreign, 'no-such-space']) {
      const refused = await create({ language: 'fr', source: { space, language: 'en' } });
      expectError(refused, 404);
      expect(refused.body.error.message).toContain('source.space');
    }
    expect(await count()).toBe(before);
  });

  const routes = [
    'GET /v1/orgs/:organizationId/translations',
    'POST /v1/orgs/:organizationId/translations',
    'GET /v1/orgs/:organizationId/translations/:translationId',
    'PUT /v1/orgs/:organizationId/translations/:translationId',
    'DELETE /v1/orgs/:organizationId/translations/:translationId',
    'POST /v1/orgs/:organizationId/translations/:translationId/run',
  ];
  for (const key of routes) {
    const route = findRoute(key)!;
    it(`${key}: every derived bad input is a 400 naming the field (REST)`, async () => {
      for (const badCase of badInputCases(route).filter((c) => c.faces.includes('rest'))) {
        const response = await callFace(server, 'rest', {
          route,
          input: { ...validInputOf(route), organizationId: org.organization.id, ...badCase.values },
          token: org.admin.token,
          ...(badCase.rawFields ? { rawFields: badCase.rawFields } : {}),
        });
        expect(response.status, `${badCase.title}: ${describeResponse(response)}`).toBe(400);
      }
    });
  }
});
