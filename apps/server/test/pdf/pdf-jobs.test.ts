/**
 * PDF downloads rendered by `pdf.render` jobs, through real HTTP on the test server: the
 * first download renders the PDF into the blob store, later downloads of that link or of
 * any other link to the same content are served from it with no new job; a render that
 * fails is a 500 in GitBook's shape without the internal error's text; a render still
 * pending when the wait ends is a 503 with Retry-After; the job is visible to the members
 * at `GET /v1/jobs/{id}`.
 *
 * The server's own worker is off: this file runs one over services whose content store
 * fails on any object holding `FAILING_MARKER`, to make a render fail the way a broken store
 * would. The second server has no worker at all and a wait of zero.
 */
import type { JobRecord } from '@quire/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../src/jobs/job-worker';
import { PDF_RENDER_JOB, pdfJobHandlers } from '../../src/pdf/pdf-render-job';
import { eventOf, workerEvents } from '../jobs/worker-events';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { readPdf } from './pdf-text';

const FAILING_MARKER = 'the store breaks on this page';
const INTERNAL_TEXT = 'disk /var/lib/quire/objects failed';

let server: TestServer;
let idle: TestServer;
const events = workerEvents();
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  [server, idle] = await Promise.all([
    startTestServer({ QUIRE_JOBS_IN_SERVER: 'false' }),
    startTestServer({ QUIRE_JOBS_IN_SERVER: 'false', QUIRE_PDF_WAIT_SECONDS: '0' }),
  ]);
  const objects = server.services.repos.contentObjects;
  const worker = startJobWorker(
    {
      ...server.services,
      repos: {
        ...server.services.repos,
        contentObjects: Object.assign(Object.create(objects), {
          async getMany(addresses: readonly string[]) {
            const found = await objects.getMany(addresses);
            if ([...found.values()].some((object) => JSON.stringify(object).includes(FAILING_MARKER)))
              throw new Error(INTERNAL_TEXT);
            return found;
          },
        }),
      },
    },
    pdfJobHandlers(server.services.blobs, server.services.jobThreads),
    { pollMs: 5, onEvent: events.onEvent, wakeOn: server.services.events },
  );
  stopWorker = () => worker.stop();
});
afterAll(async () => {
  await stopWorker();
  await Promise.all([server.close(), idle.close()]);
});

async function spaceWithPages(on: TestServer, org: TestOrganization, markdown: string[]): Promise<string> {
  const space = await on.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook' },
  });
  const edit = await on.api(`/v1/spaces/${space.body.id}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      changes: markdown.map((text, index) => ({
        operation: 'insert_page',
        title: 'Chapter ' + (index + 1),
        document: { markdown: text },
      })),
    },
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  return space.body.id;
}

async function linkOf(on: TestServer, org: TestOrganization, spaceId: string): Promise<string> {
  const link = await on.api(`/v1/spaces/${spaceId}/pdf`, { token: org.admin.token });
  expect(link.status).toBe(200);
  return on.url + (link.body.url as string).slice(on.config.publicUrl.length);
}

async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const rendersOf = (spaceId: string) =>
  events.all.filter(
    (event) => event.type === 'started' && event.job.kind === PDF_RENDER_JOB && event.job.spaceId === spaceId,
  );

async function renderJobsOf(on: TestServer, organizationId: string): Promise<JobRecord[]> {
  const jobs = await on.services.repos.jobs.list({ organizationId }, { limit: 100 });
  return jobs.items.filter((job) => job.kind === PDF_RENDER_JOB);
}

describe('PDF downloads on the job runner', () => {
  it('renders a link once, and serves it and every later link to the same content from the blob store', async () => {
    const org = await createOrganization(server);
    const spaceId = await spaceWithPages(server, org, ['First **words**.', 'Second words.']);
    const url = await linkOf(server, org, spaceId);
    const first = await download(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('content-disposition')).toContain('filename="Handbook.pdf"');
    expect((await readPdf(first.body)).text).toContain('Second words.');

    const again = await download(url);
    expect(again.status).toBe(200);
    expect(again.body.equals(first.body)).toBe(true);
    // A later link (another expiry, so another token) to the same revision: no new render.
    server.clock.advance(1000);
    const later = await linkOf(server, org, spaceId);
    expect(later).not.toBe(url);
    expect((await download(later)).body.equals(first.body)).toBe(true);
    expect(rendersOf(spaceId)).toHaveLength(1);
    expect(await renderJobsOf(server, org.organization.id)).toHaveLength(1);
  });

  it("draws GitBook's blocks and the space's reusable contents a page includes", async () => {
    const org = await createOrganization(server);
    const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Blocks' },
    });
    const created = await server.api(`/v1/spaces/${space.body.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: {
        changes: [
          {
            operation: 'insert_reusable_content',
            title: 'Warning',
            document: { markdown: 'Back up first.' },
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reusable = created.body.changes.find(
      (change: { object: string }) => change.object === 'created_reusable_content',
    ).reusableContent;
    const markdown = [
      '{% tabs %}\n{% tab title="macOS" %}\nUse the installer.\n{% endtab %}\n{% endtabs %}',
      `{% include "/reusable-contents/${reusable}" %}`,
      '<details>\n\n<summary>Why?</summary>\n\nBecause it is safe.\n\n</details>',
    ].join('\n\n');
    const edited = await server.api(`/v1/spaces/${space.body.id}/content`, {
      method: 'POST',
      token: org.admin.token,
      body: { changes: [{ operation: 'insert_page', title: 'Install', document: { markdown } }] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const pdf = await download(await linkOf(server, org, space.body.id));
    expect(pdf.status).toBe(200);
    const text = (await readPdf(pdf.body)).text.replace(/\s+/g, ' ');
    for (const expected of ['macOS', 'Use the installer.', 'Back up first.', 'Why?', 'Because it is safe.'])
      expect(text).toContain(expected);
  });

  it('shows the render job to a member of the organization', async () => {
    const org = await createOrganization(server);
    const spaceId = await spaceWithPages(server, org, ['One.', 'Two.', 'Three.']);
    expect((await download(await linkOf(server, org, spaceId))).status).toBe(200);
    const [job] = await renderJobsOf(server, org.organization.id);
    const member = await addMember(server, org.organization.id, 'read');
    const shown = await server.api(`/v1/jobs/${job?.id}`, { token: member.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      kind: PDF_RENDER_JOB,
      state: 'done',
      progress: { done: 3, total: 3 },
      result: { title: 'Handbook', pages: 3 },
    });
    const log = (shown.body.log as Array<{ message: string }>).map((line) => line.message);
    expect(log).toContain('rendering 3 page(s) of revision ' + job?.payload.revisionId);
    expect(log.some((line) => line.startsWith('rendered: '))).toBe(true);
    expect(shown.body).not.toHaveProperty('payload');
  });

  it('answers 500 in the error shape, without the internal error, when the render fails', async () => {
    const org = await createOrganization(server);
    const spaceId = await spaceWithPages(server, org, ['Fine.', FAILING_MARKER]);
    const response = await download(await linkOf(server, org, spaceId));
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: { code: 500, message: 'The PDF could not be drawn' },
    });
    const [job] = await renderJobsOf(server, org.organization.id);
    const failed = await events.waitFor(eventOf('failed', job?.id ?? ''));
    expect(failed.type === 'failed' && failed.cause instanceof Error && failed.cause.cause).toMatchObject({
      message: INTERNAL_TEXT,
    });
    expect(JSON.stringify(await server.services.repos.jobs.findById(job?.id ?? ''))).not.toContain(
      INTERNAL_TEXT,
    );
  });

  it('answers 503 with Retry-After while the render waits for a worker, and joins the pending job', async () => {
    const org = await createOrganization(idle);
    const spaceId = await spaceWithPages(idle, org, ['Never drawn.']);
    const url = await linkOf(idle, org, spaceId);
    const response = await download(url);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({
      error: {
        code: 503,
        message: 'The PDF is still being rendered: ask again in a moment',
        type: 'unavailable',
      },
    });
    expect((await download(url)).status).toBe(503);
    const jobs = await renderJobsOf(idle, org.organization.id);
    expect(jobs.map((job) => job.state)).toEqual(['pending']);
  });
});
