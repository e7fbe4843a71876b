/**
 * The server over an embedded store on a real file system that fills up: a small tmpfs,
 * filled to the last byte by another file. Writes answer 503 "no space left on device"
 * once the journal cannot grow, the refused one is never readable, `/readyz` answers 503
 * until space is freed and 200 after, and a restart finds every acknowledged write and no
 * refused one. Needs root to mount the tmpfs; skips, saying so, where it cannot.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerOnStore } from '../support/data-dir-server';
import { createOrganization } from '../support/factories';
import type { TestServer } from '../support/test-server';
import { fillUp, mountSmallTmpfs, removeFile } from './small-tmpfs';
import { facesOf, spaceTitles } from './store-fault-server';

const tmpfs = await mountSmallTmpfs(8 * 1024 * 1024);
afterAll(async () => {
  if (tmpfs.mounted) await tmpfs.unmount();
});
if (!tmpfs.mounted) {
  console.warn(
    `\n*** SKIPPED test/reliability/full-tmpfs.test.ts: cannot mount a tmpfs here (${tmpfs.reason}). ` +
      'Run it as root (or with CAP_SYS_ADMIN) to test the store on a real full disk. ***\n',
  );
}

const FULL = 'storage unavailable: no space left on device';

describe.skipIf(!tmpfs.mounted)('the server on a tmpfs that fills up', () => {
  it('refuses writes with 503 while the disk is full, shows none of them, and resumes once space is freed', async () => {
    if (!tmpfs.mounted) return;
    const dataDir = join(tmpfs.dir, 'data');
    const filler = join(tmpfs.dir, 'filler');
    let server: TestServer | undefined = await startServerOnStore(dataDir);
    try {
      const { organization, admin } = await createOrganization(server);
      const faces = facesOf(server, admin.token);
      const spaces = ['before via rest', 'before via graphql', 'before via trpc'];
      for (const [i, face] of (['rest', 'graphql', 'trpc'] as const).entries()) {
        expect((await faces[face](organization.id, spaces[i]!)).status).toBeLessThan(300);
      }
      const rename = (title: string) =>
        server!.api(`/v1/orgs/${organization.id}`, { method: 'PATCH', body: { title }, token: admin.token });
      expect((await rename('Acknowledged 0')).status).toBe(200);

      await fillUp(filler);
      // The journal's last page may still take a few small writes: each one that answers
      // 200 is acknowledged, until one cannot be written.
      let acknowledgedTitle = 'Acknowledged 0';
      let refused: { title: string; status: number; body: unknown } | undefined;
      for (let i = 1; i <= 200 && refused === undefined; i++) {
        const title = `Written on a full disk ${i}`;
        const response = await rename(title);
        if (response.status === 200) acknowledgedTitle = title;
        else refused = { title, status: response.status, body: response.body };
      }
      expect(refused).toMatchObject({ status: 503, body: { error: { code: 503, message: FULL } } });
      expect((await server.api('/readyz')).status).toBe(503);
      const graphql = await faces.graphql(organization.id, 'refused via graphql');
      expect(graphql.body.errors[0]).toMatchObject({ message: FULL, extensions: { httpStatus: 503 } });
      const trpc = await faces.trpc(organization.id, 'refused via trpc');
      expect(trpc.status).toBe(503);
      expect(trpc.body.error.message).toBe(FULL);

      const organizationNow = await server.api(`/v1/orgs/${organization.id}`, { token: admin.token });
      expect(organizationNow.body.title).toBe(acknowledgedTitle);
      expect(await spaceTitles(server, organization.id, admin.token)).toEqual([...spaces].sort());
      expect((await server.api('/readyz')).status).toBe(503);

      await removeFile(filler);
      expect((await server.api('/readyz')).status).toBe(200);
      expect((await rename('After the disk was freed')).status).toBe(200);
      expect((await faces.rest(organization.id, 'after via rest')).status).toBe(201);

      await server.close();
      server = await startServerOnStore(dataDir);
      const reopened = await server.api(`/v1/orgs/${organization.id}`, { token: admin.token });
      expect(reopened.body.title).toBe('After the disk was freed');
      expect(await spaceTitles(server, organization.id, admin.token)).toEqual(
        [...spaces, 'after via rest'].sort(),
      );
    } finally {
      await server?.close();
      await removeFile(filler);
    }
  });
});
