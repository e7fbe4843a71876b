/**
 * A real server over an embedded store whose data directory and file system the test
 * chooses: a fault-injecting file system (`FaultInjectingFs`), or the real one on a small
 * tmpfs. Like `test/support/test-server.ts` otherwise (ephemeral port, the test's clock),
 * and `reopen()` starts a fresh server on the same directory, as a restart would.
 */
import { repositoryIndexes } from '@quire/persistence';
import { ensureIndexes } from '@quire/store';
import { type EmbeddedStoreOptions, openEmbeddedStore } from '@quire/store-embedded';
import { startTestServer, type TestServer } from '../support/test-server';

export async function startServerOnStore(
  dataDir: string,
  fs?: EmbeddedStoreOptions['fs'],
): Promise<TestServer> {
  const store = await openEmbeddedStore(dataDir, fs === undefined ? {} : { fs });
  await ensureIndexes(store.db, repositoryIndexes);
  return startTestServer({ QUIRE_DATA_DIR: dataDir }, { store: { store, dataDir } });
}

/** One write on each face, each answering with its outcome as the face reports it. */
export function facesOf(server: TestServer, token: string) {
  return {
    rest: (organizationId: string, title: string) =>
      server.api(`/v1/orgs/${organizationId}/spaces`, { method: 'POST', body: { title }, token }),
    graphql: (organizationId: string, title: string) =>
      server.api('/graphql', {
        method: 'POST',
        token,
        body: {
          query:
            'mutation($o: String!, $t: String!) { spacesCreate(organizationId: $o, title: $t) { title } }',
          variables: { o: organizationId, t: title },
        },
      }),
    trpc: (organizationId: string, title: string) =>
      server.api('/trpc/spaces.create', { method: 'POST', body: { organizationId, title }, token }),
  };
}

/** The titles of an organization's spaces, read over REST. */
export async function spaceTitles(
  server: TestServer,
  organizationId: string,
  token: string,
): Promise<string[]> {
  const titles: string[] = [];
  let page: string | undefined;
  do {
    const response = await server.api(
      `/v1/orgs/${organizationId}/spaces?limit=100${page ? `&page=${page}` : ''}`,
      { token },
    );
    if (response.status !== 200) throw new Error(`listing spaces answered ${response.status}`);
    titles.push(...response.body.items.map((space: { title: string }) => space.title));
    page = response.body.next?.page;
  } while (page);
  return titles.sort();
}
