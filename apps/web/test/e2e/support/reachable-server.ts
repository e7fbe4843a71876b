/**
 * A test server whose public and app URLs are its real address (a port chosen before it
 * starts): a browser must reach the callback an identity provider sends it back to, and the
 * provider on loopback must be fetched (`QUIRE_FETCH_ALLOW_HOSTS`).
 */
import { createServer } from 'node:net';
import { startTestServer, type TestServer } from '../../../../server/test/support/test-server';

/** A port free now, for the server to listen on. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function startReachableServer(): Promise<TestServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startTestServer({
    PORT: String(port),
    QUIRE_PUBLIC_URL: url,
    QUIRE_APP_URL: url,
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
}
