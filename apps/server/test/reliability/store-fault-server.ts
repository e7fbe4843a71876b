/**
 * What the reliability tests do to a server whose store fails (`startServerOnStore`, a
 * fault-injecting file system or a small tmpfs): one write on each face, and the titles
 * the store holds.
 */
import type { TestServer } from '../support/test-server';

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
