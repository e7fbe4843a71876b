/**
 * Imports as jobs on the runner, over the real repositories (a store in memory), in-process
 * workers and a clock the test moves: a job whose worker died is taken over and completes
 * once; a source that fails records a failed job with its safe message and leaves the
 * content unchanged, markdown nested past the limits included (refused by the markdown threads); the bytes of a local file are removed once the job ends; the job
 * authorizes its creator again when it runs; an import id of another space, or a job of
 * another kind, is 404.
 */
import {
  contentImportJobHandlers,
  type DomainServices,
  enqueueImport,
  enqueueJob,
  IMPORT_REFUSED,
  INVALID_SOURCE,
  type JobRecord,
  operations,
} from '@quire/domain';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type JobWorker, startJobWorker } from '../../src/jobs/job-worker';
import { eventOf, type WorkerEvents, workerEvents } from '../jobs/worker-events';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { openTestDomain, type QuireUnderTest } from '../support/test-domain';

const LEASE_MS = 30_000;
const NOTES = new TextEncoder().encode('# Notes\n\nSome **notes**.\n');

let quire: QuireUnderTest;
let services: DomainServices;
const workers: JobWorker[] = [];

beforeAll(async () => {
  quire = await openTestDomain();
  services = quire.services;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ abort: true })));
});

/** A worker in this process, running the import jobs; its events to await. */
function worker(owner: string): WorkerEvents {
  const events = workerEvents();
  workers.push(
    startJobWorker(services, contentImportJobHandlers, {
      owner,
      pollMs: 5,
      leaseMs: LEASE_MS,
      onEvent: events.onEvent,
    }),
  );
  return events;
}

async function spaceOf(org: TestOrganization): Promise<{ id: string; organizationId: string }> {
  const space = (await quire.callOperation(operations.spaces.create, org.admin, {
    organizationId: org.organization.id,
    title: 'Imports',
  })) as { id: string };
  return { id: space.id, organizationId: org.organization.id };
}

/** Stores an import of `bytes` (a local markdown file) into `space` as `by`, as the CLI does once authorized. */
const importFile = (by: TestMember, space: { id: string; organizationId: string }, bytes = NOTES) =>
  enqueueImport(
    { ...services, caller: { userId: by.user.id, tokenId: 'test', isInstanceAdmin: false } },
    { space },
    { source: 'markdown', bytes, name: 'notes.md' },
  );

const stored = async (id: string): Promise<JobRecord> => {
  const job = await services.repos.jobs.findById(id);
  if (!job) throw new Error(`job ${id} is gone`);
  return job;
};

const fileKeyOf = (job: JobRecord) => job.payload.fileKey as string;

/** The space's revisions, newest first, and the titles of its pages. */
async function contentOf(org: TestOrganization, spaceId: string) {
  const content = (await quire.callOperation(operations.spaces.content.get, org.admin, { spaceId })) as {
    id: string;
    pages: Array<{ title: string }>;
  };
  return { revision: content.id, titles: content.pages.map((page) => page.title) };
}

describe('content imports as jobs', () => {
  it('takes over the import of a dead worker and completes it once, then removes its bytes', async () => {
    const org = await createOrganization(quire);
    const space = await spaceOf(org);
    const job = await importFile(org.admin, space);
    expect(await services.jobFiles.read(fileKeyOf(job))).toEqual(NOTES);
    // A worker claims it and dies: nothing more is written by it, its lease runs out.
    const claimed = await services.repos.jobs.claimNext('dead-worker', quire.clock.now(), LEASE_MS);
    expect(claimed?.id).toBe(job.id);
    quire.clock.advance(LEASE_MS + 1);
    const events = worker('rescuer');
    await events.waitFor(eventOf('done', job.id));
    const done = await stored(job.id);
    expect(done).toMatchObject({ state: 'done', attempts: 2 });
    expect(done.log.map((line) => line.message)).toContain(`attempt 2 of ${done.maxAttempts} started`);
    // The dead worker, were it to wake, can record nothing more.
    expect(
      await services.repos.jobs.complete(
        job.id,
        'dead-worker',
        {},
        { progress: done.progress, log: [] },
        quire.clock.now(),
      ),
    ).toBe(false);
    expect(await contentOf(org, space.id)).toEqual({
      revision: (done.result as { revision: string }).revision,
      titles: ['Notes'],
    });
    expect(await services.jobFiles.read(fileKeyOf(job))).toBeNull();
    const seen = (await quire.callOperation(operations.spaces.content.imports.get, org.admin, {
      spaceId: space.id,
      importId: job.id,
    })) as Record<string, unknown>;
    expect(seen).toMatchObject({
      id: job.id,
      status: 'done',
      source: 'markdown',
      url: 'notes.md',
      attempts: 2,
      done: 1,
      total: 1,
      revision: (done.result as { revision: string }).revision,
    });
  });

  it('records a source that fails as a failed job with its safe message, the content unchanged and the bytes removed', async () => {
    const org = await createOrganization(quire);
    const space = await spaceOf(org);
    const before = await contentOf(org, space.id);
    const events = worker('reader');
    // Not a zip, said to be one.
    const job = await enqueueImport(
      { ...services, caller: { userId: org.admin.user.id, tokenId: 'test', isInstanceAdmin: false } },
      { space },
      { source: 'zip', bytes: new TextEncoder().encode('not a zip'), name: 'site.zip' },
    );
    await events.waitFor(eventOf('failed', job.id));
    const failed = await stored(job.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, error: { code: INVALID_SOURCE } });
    expect(failed.error?.message).toMatch(/zip/i);
    expect(await services.jobFiles.read(fileKeyOf(failed))).toBeNull();
    expect(await contentOf(org, space.id)).toEqual(before);
    await expect(
      quire.callOperation(operations.spaces.content.imports.get, org.admin, {
        spaceId: space.id,
        importId: job.id,
      }),
    ).resolves.toMatchObject({ status: 'failed', error: failed.error?.message, url: 'site.zip' });
  });

  it('refuses markdown nested past the limits as a page Quire cannot store: the job fails naming the page and the limit, the content unchanged', async () => {
    // The reader keeps the body as written; the job reads it through the markdown threads
    // (the `UntrustedMarkdown` port), which refuse it: the import must fail there.
    const org = await createOrganization(quire);
    const space = await spaceOf(org);
    const before = await contentOf(org, space.id);
    const events = worker('reader');
    const nested = new TextEncoder().encode(`# Deep\n\n${'> '.repeat(40)}deep\n`);
    const job = await importFile(org.admin, space, nested);
    await events.waitFor(eventOf('failed', job.id));
    const failed = await stored(job.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, error: { code: INVALID_SOURCE } });
    expect(failed.error?.message).toBe(
      'the source\'s page "Deep" cannot be stored: markdown line 2 opens more than 32 quotes or lists',
    );
    expect(await services.jobFiles.read(fileKeyOf(failed))).toBeNull();
    expect(await contentOf(org, space.id)).toEqual(before);
  });

  it('authorizes the creator again when the job runs: access lost since, the job fails and writes nothing', async () => {
    const org = await createOrganization(quire);
    const space = await spaceOf(org);
    const editor = await addMember(quire, org.organization.id, 'edit');
    const revoked = await importFile(editor, space);
    await quire.callOperation(operations.orgs.members.update, org.admin, {
      organizationId: org.organization.id,
      userId: editor.user.id,
      role: 'read',
    });
    const lockedSpace = await spaceOf(org);
    const locked = await importFile(org.admin, lockedSpace);
    await quire.callOperation(operations.spaces.update, org.admin, {
      spaceId: lockedSpace.id,
      editMode: 'locked',
    });
    const before = await Promise.all([contentOf(org, space.id), contentOf(org, lockedSpace.id)]);
    const events = worker('checker');
    await Promise.all([
      events.waitFor(eventOf('failed', revoked.id)),
      events.waitFor(eventOf('failed', locked.id)),
    ]);
    for (const id of [revoked.id, locked.id]) {
      const job = await stored(id);
      expect(job).toMatchObject({ state: 'failed', attempts: 1, error: { code: IMPORT_REFUSED } });
      expect(await services.jobFiles.read(fileKeyOf(job))).toBeNull();
    }
    expect((await stored(locked.id)).error?.message).toMatch(/locked/);
    expect(await Promise.all([contentOf(org, space.id), contentOf(org, lockedSpace.id)])).toEqual(before);
  });

  it('reads an import only through its own space: 404 for another space, and for a job of another kind', async () => {
    const org = await createOrganization(quire);
    const [space, other] = [await spaceOf(org), await spaceOf(org)];
    const job = await importFile(org.admin, space);
    const notImport = await enqueueJob(services, {
      kind: 'openapi.process',
      payload: {},
      organizationId: org.organization.id,
      spaceId: space.id,
      createdBy: org.admin.user.id,
    });
    const get = (spaceId: string, importId: string) =>
      quire.callOperation(operations.spaces.content.imports.get, org.admin, { spaceId, importId });
    await expect(get(space.id, job.id)).resolves.toMatchObject({
      id: job.id,
      status: 'pending',
      attempts: 0,
    });
    await expect(get(other.id, job.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(space.id, notImport.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
