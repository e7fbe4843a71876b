/**
 * Telling docs renderers what changed (issue 28, item 9), with a real renderer endpoint on
 * loopback that checks the signature as GitBook's renderer does: an edit of a space's content
 * reaches it as the space's cache tag, signed with the shared secret; changes that come
 * together are one call; a renderer that fails is told again by the job runner; nothing is sent when no
 * renderer is configured; the configuration refuses URLs without a secret.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DomainEvent } from '@quire/domain';
import type { EventBus } from '@quire/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';
import { startRevalidationOnChanges } from '../../src/revalidation/revalidation-on-changes';
import { createSpace } from '../support/content';
import { createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

const SECRET = 'a-secret-shared-with-the-renderer';

interface Call {
  tags: string[];
  signed: boolean;
}

/** A renderer's revalidation endpoint: records each call; answers `failNext` 500s first. */
class RendererEndpoint {
  readonly calls: Call[] = [];
  /** The calls answered with a failure. */
  readonly failed: Call[] = [];
  failNext = 0;
  private server!: Server;
  url = '';
  private waiters: (() => void)[] = [];

  async start(): Promise<void> {
    this.server = createServer(async (request, response) => {
      const body = await bodyOf(request);
      const expected = createHmac('sha256', SECRET).update(body).digest('hex');
      const signed = request.headers['x-gitbook-signature'] === expected;
      if (this.failNext > 0) {
        this.failNext--;
        this.failed.push({ tags: (JSON.parse(body) as { tags: string[] }).tags, signed });
        response.writeHead(500).end();
      } else {
        this.calls.push({ tags: (JSON.parse(body) as { tags: string[] }).tags, signed });
        response
          .writeHead(signed ? 200 : 401, { 'content-type': 'application/json' })
          .end('{"success":true}');
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/~gitbook/revalidate`;
  }

  /** Resolves once `count` calls were recorded, or rejects after `ms`. */
  async waitForCalls(count: number, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.calls.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} calls, got ${this.calls.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const renderer = new RendererEndpoint();
let server: TestServer;

beforeAll(async () => {
  await renderer.start();
  server = await startTestServer({
    QUIRE_RENDERER_REVALIDATE_URLS: renderer.url,
    QUIRE_RENDERER_SECRET: SECRET,
  });
});
afterAll(async () => {
  await server.close();
  await renderer.close();
});

const editContent = (spaceId: string, token: string, title: string) =>
  server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token,
    body: { changes: [{ operation: 'insert_page', title, document: { markdown: `${title}\n` } }] },
  });

describe('renderer revalidation', () => {
  it("an edit of a space's content tells the renderer to drop the space's tag, signed", async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const before = renderer.calls.length;
    const edited = await editContent(space.id, org.admin.token, 'Install');
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await renderer.waitForCalls(before + 1);
    const call = renderer.calls.at(-1)!;
    expect(call).toEqual({ tags: [`space:${space.id}`], signed: true });
  });

  it("edits in several spaces at once reach the renderer as their spaces' tags, signed", async () => {
    const org = await createOrganization(server);
    const first = await createSpace(server, org, { title: 'First' });
    const second = await createSpace(server, org, { title: 'Second' });
    const before = renderer.calls.length;
    await Promise.all([
      editContent(first.id, org.admin.token, 'A'),
      editContent(second.id, org.admin.token, 'B'),
      editContent(first.id, org.admin.token, 'C'),
    ]);
    await renderer.waitForCalls(before + 1);
    const told = async () => new Set(renderer.calls.slice(before).flatMap((call) => call.tags));
    const deadline = Date.now() + 15_000;
    while ((await told()).size < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await told()).toEqual(new Set([`space:${first.id}`, `space:${second.id}`]));
    expect(renderer.calls.slice(before).every((call) => call.signed)).toBe(true);
  });

  it("a change of a site's settings tells the renderer to drop the site's tag; a refused change tells nothing", async () => {
    const org = await createOrganization(server);
    const sites = `/v1/orgs/${org.organization.id}/sites`;
    const created = await server.api(sites, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Docs' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const before = renderer.calls.length;
    const updated = await server.api(`${sites}/${created.body.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: 'Handbook' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await renderer.waitForCalls(before + 1);
    expect(renderer.calls.at(-1)).toEqual({ tags: [`site:${created.body.id}`], signed: true });

    const refused = await server.api(`${sites}/${created.body.id}`, {
      method: 'PATCH',
      token: org.admin.token,
      body: { title: '' },
    });
    expect(refused.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(renderer.calls).toHaveLength(before + 1);
  });

  it('changes of an organization that come together are gathered into one call', async () => {
    const org = await createOrganization(server);
    const events = new Set<(event: DomainEvent) => void>();
    const bus = {
      subscribe(listener: (event: DomainEvent) => void) {
        events.add(listener);
        return () => events.delete(listener);
      },
    } as unknown as EventBus;
    const stop = startRevalidationOnChanges({ ...server.services, events: bus }, server.app.log);
    const before = renderer.calls.length;
    const change = (spaceId: string): DomainEvent => ({
      id: `event-${spaceId}`,
      type: 'space.content',
      at: server.clock.now().toISOString(),
      actorId: org.admin.user.id,
      organizationId: org.organization.id,
      spaceId,
      revisionId: 'r',
    });
    for (const spaceId of ['s1', 's2', 's1', 's3']) for (const listener of events) listener(change(spaceId));
    await renderer.waitForCalls(before + 1);
    await stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(renderer.calls.slice(before)).toEqual([
      { tags: ['space:s1', 'space:s2', 'space:s3'], signed: true },
    ]);
  });

  it('a renderer that fails is told again by the job runner', async () => {
    const org = await createOrganization(server);
    const space = await createSpace(server, org);
    const before = renderer.calls.length;
    renderer.failNext = 1;
    await editContent(space.id, org.admin.token, 'Retry');
    // The first call failed: the job waits its retry delay on the server's clock, which the
    // test moves on until the second attempt is made (the failure's record may be written
    // after the answer, so the clock moves more than once).
    const deadline = Date.now() + 20_000;
    while (renderer.calls.length < before + 1 && Date.now() < deadline) {
      server.clock.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(renderer.failed.at(-1)).toEqual({ tags: [`space:${space.id}`], signed: true });
    await renderer.waitForCalls(before + 1);
    expect(renderer.calls.at(-1)).toEqual({ tags: [`space:${space.id}`], signed: true });
  });
});

describe('configuration', () => {
  it('refuses revalidation URLs without the shared secret, a short secret, and non-http URLs', () => {
    const base = { QUIRE_DATA_DIR: '/tmp/quire-config-test' };
    expect(() =>
      parseConfig({ ...base, QUIRE_RENDERER_REVALIDATE_URLS: 'http://127.0.0.1:3000/~gitbook/revalidate' }),
    ).toThrow(/QUIRE_RENDERER_SECRET: required with QUIRE_RENDERER_REVALIDATE_URLS/);
    expect(() =>
      parseConfig({
        ...base,
        QUIRE_RENDERER_REVALIDATE_URLS: 'http://r.test/x',
        QUIRE_RENDERER_SECRET: 'short',
      }),
    ).toThrow(/QUIRE_RENDERER_SECRET/);
    expect(() =>
      parseConfig({
        ...base,
        QUIRE_RENDERER_REVALIDATE_URLS: 'javascript:alert(1)',
        QUIRE_RENDERER_SECRET: SECRET,
      }),
    ).toThrow(/QUIRE_RENDERER_REVALIDATE_URLS/);
    const config = parseConfig({
      ...base,
      QUIRE_RENDERER_REVALIDATE_URLS: 'http://a.test/~gitbook/revalidate, https://b.test/~gitbook/revalidate',
      QUIRE_RENDERER_SECRET: SECRET,
    });
    expect(config.renderers).toEqual({
      revalidateUrls: ['http://a.test/~gitbook/revalidate', 'https://b.test/~gitbook/revalidate'],
      secret: SECRET,
    });
    expect(parseConfig(base).renderers).toBeUndefined();
  });
});
