/**
 * The server over an embedded store whose disk fails (an injected ENOSPC or EIO, on the
 * journal's write or on its fdatasync): a refused write answers 503 with the storage's
 * message on REST, GraphQL and tRPC, is never readable, `/readyz` answers 503 until the
 * disk takes writes again and then 200 by itself, and after a restart every acknowledged
 * write is there and no refused one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FaultInjectingFs, type InjectedFault } from '@quire/store-embedded';
import { describe, expect, it } from 'vitest';
import { startServerOnStore } from '../support/data-dir-server';
import { createOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';
import { facesOf, spaceTitles } from './store-fault-server';

const FULL = 'storage unavailable: no space left on device';
const FAILING = 'storage unavailable: I/O error (EIO)';

const cases: Array<{ name: string; fault: InjectedFault; message: string }> = [
  {
    name: 'ENOSPC on write, half written',
    fault: { operation: 'write', code: 'ENOSPC', torn: true },
    message: FULL,
  },
  { name: 'ENOSPC on fdatasync', fault: { operation: 'fdatasync', code: 'ENOSPC' }, message: FULL },
  { name: 'EIO on write', fault: { operation: 'write', code: 'EIO' }, message: FAILING },
  { name: 'EIO on fdatasync', fault: { operation: 'fdatasync', code: 'EIO' }, message: FAILING },
];

describe.each(cases)('the server when the disk fails: $name', ({ fault, message }) => {
  it('answers 503 on every face, shows nothing refused, is unready until the disk recovers, and loses nothing acknowledged', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-disk-faults-'));
    const faults = new FaultInjectingFs();
    let server: TestServer | undefined = await startServerOnStore(dataDir, faults.fs);
    try {
      const { organization, admin } = await createOrganization(server);
      const faces = facesOf(server, admin.token);
      const acknowledged: string[] = [];
      const create = async (face: keyof typeof faces, title: string) => {
        const response = await faces[face](organization.id, title);
        expect(response.status, `${face} ${JSON.stringify(response.body)}`).toBeLessThan(300);
        acknowledged.push(title);
      };
      for (const face of ['rest', 'graphql', 'trpc'] as const) await create(face, `before via ${face}`);
      expect((await server.api('/readyz')).status).toBe(200);

      faults.inject(fault);
      const rest = await faces.rest(organization.id, 'refused via rest');
      expect(rest.status).toBe(503);
      expect(rest.body.error).toMatchObject({ code: 503, message });
      expect(rest.headers.get('retry-after')).toBe('5');
      const graphql = await faces.graphql(organization.id, 'refused via graphql');
      expect(graphql.body.errors).toEqual([
        expect.objectContaining({
          message,
          extensions: { code: 'unavailable', httpStatus: 503, retryAfterSeconds: 5 },
        }),
      ]);
      const trpc = await faces.trpc(organization.id, 'refused via trpc');
      expect(trpc.status).toBe(503);
      expect(trpc.headers.get('retry-after')).toBe('5');
      expect(trpc.body.error.message).toBe(message);
      expect(trpc.body.error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });

      const unready = await server.api('/readyz');
      expect({ status: unready.status, body: unready.body }).toEqual({
        status: 503,
        body: { status: 'unavailable', engine: 'embedded' },
      });
      // Reads go on, and never show a refused write.
      expect(await spaceTitles(server, organization.id, admin.token)).toEqual([...acknowledged].sort());
      expect((await server.api('/readyz')).status).toBe(503);

      faults.clear();
      expect((await server.api('/readyz')).status).toBe(200);
      for (const face of ['rest', 'graphql', 'trpc'] as const) await create(face, `after via ${face}`);
      expect(await spaceTitles(server, organization.id, admin.token)).toEqual([...acknowledged].sort());

      await server.close();
      server = await startServerOnStore(dataDir);
      const titles = await spaceTitles(server, organization.id, admin.token);
      expect(titles).toEqual([...acknowledged].sort());
      expect(titles.filter((title) => title.startsWith('refused'))).toEqual([]);
    } finally {
      await server?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('reads on a full disk', () => {
  it("go on answering even when authenticating would write the token's lastUsedAt", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-disk-faults-'));
    const faults = new FaultInjectingFs();
    const server = await startServerOnStore(dataDir, faults.fs);
    try {
      const { organization, admin } = await createOrganization(server);
      expect((await server.api(`/v1/orgs/${organization.id}`, { token: admin.token })).status).toBe(200);
      faults.inject({ operation: 'write', code: 'ENOSPC' });
      // A minute later the token is due a `lastUsedAt` write, which the disk refuses.
      server.clock.advance(2 * 60_000);
      const read = await server.api(`/v1/orgs/${organization.id}`, { token: admin.token });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
    } finally {
      faults.clear();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
