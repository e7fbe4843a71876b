/**
 * The MCP face (issue 32, item 3), driven by the official SDK's own client over streamable
 * HTTP: the tools listed from the registry, a search, a page read as markdown, a proposal
 * becoming a change request (live content untouched), and every refusal the same as REST's.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/mcp-tools';
import {
  addMember,
  createOrganization,
  createUser,
  type TestOrganization,
  type TestUser,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { lookup } from '../url-lookups/url-lookup-support';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely
type Json = any;

let server: TestServer;
let org: TestOrganization;
let outsider: TestUser;
let reader: TestUser;
let spaceId: string;
let pageId: string;
const clients: Client[] = [];

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'quire-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

/** A tool's answer, parsed: its JSON text, and whether it is a refusal. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  return {
    isError: result.isError === true,
    body: JSON.parse(first?.type === 'text' ? first.text : 'null') as Json,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrganization(server);
  outsider = await createUser(server);
  reader = await addMember(server, org.organization.id, 'read');
  const space = await server.api(`/v1/orgs/${org.organization.id}/spaces`, {
    method: 'POST',
    token: org.admin.token,
    body: { title: 'Handbook' },
  });
  spaceId = space.body.id;
  const made = await server.api(`/v1/spaces/${spaceId}/content`, {
    method: 'POST',
    token: org.admin.token,
    body: {
      changes: [
        {
          operation: 'insert_page',
          title: 'Telescopes',
          document: { markdown: 'Point the telescope north.\n' },
        },
      ],
    },
  });
  pageId = made.body.changes[0].page.id;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

describe('the MCP server at /mcp', () => {
  it("lists the registry's tools, each with its operation's input schema less what the tool fixes", async () => {
    const client = await connect(org.admin.token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((tool) => tool.name));
    const readPage = tools.find((tool) => tool.name === 'read_page');
    expect(readPage?.inputSchema.required).toEqual(['spaceId', 'pageId']);
    expect(Object.keys(readPage?.inputSchema.properties ?? {})).not.toContain('format');
    expect(tools.find((tool) => tool.name === 'search')?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((tool) => tool.name === 'edit_change_request')?.annotations?.readOnlyHint).toBe(false);
  });

  it('answers a search and a page read as REST does, the page as markdown', async () => {
    const client = await connect(org.admin.token);
    const organizationId = org.organization.id;
    const search = await call(client, 'search', { organizationId, query: 'telescope' });
    const rest = await server.api(`/v1/orgs/${organizationId}/search?query=telescope`, {
      token: org.admin.token,
    });
    expect(search).toEqual({ isError: false, body: rest.body });
    expect(JSON.stringify(search.body)).toContain(pageId);
    const page = await call(client, 'read_page', { spaceId, pageId, format: 'document' });
    expect(page.isError).toBe(false);
    expect(page.body).toMatchObject({
      id: pageId,
      title: 'Telescopes',
      markdown: 'Point the telescope north.\n',
    });
    const spaces = await call(client, 'list_spaces', { organizationId });
    expect(spaces.body.items.map((space: Json) => space.id)).toEqual([spaceId]);
  });

  it('proposes edits as a change request and never changes the live content', async () => {
    const client = await connect(org.admin.token);
    const proposal = await call(client, 'create_change_request', { spaceId, subject: 'Say south' });
    expect(proposal.isError).toBe(false);
    const changeRequestId = proposal.body.id;
    const edit = await call(client, 'edit_change_request', {
      spaceId,
      changeRequestId,
      changes: [
        { operation: 'update_page', page: pageId, document: { markdown: 'Point the telescope south.\n' } },
      ],
    });
    expect(edit.isError).toBe(false);
    const live = await server.api(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`, {
      token: org.admin.token,
    });
    expect(live.body.markdown).toBe('Point the telescope north.\n');
    const proposed = await call(client, 'read_page', { spaceId, pageId, changeRequestId });
    expect(proposed.body.markdown).toBe('Point the telescope south.\n');
    const listed = await call(client, 'list_change_requests', { spaceId, status: 'draft' });
    expect(listed.body.items.map((item: Json) => item.id)).toContain(changeRequestId);
  });

  it('refuses what REST refuses, with the same body: an outsider 404, a reader 403, bad input 400', async () => {
    const stranger = await connect(outsider.token);
    const hidden = await call(stranger, 'read_page', { spaceId, pageId });
    const restHidden = await server.api(`/v1/spaces/${spaceId}/content/page/${pageId}`, {
      token: outsider.token,
    });
    expect(restHidden.status).toBe(404);
    expect(hidden).toEqual({ isError: true, body: restHidden.body });
    const readerClient = await connect(reader.token);
    const refused = await call(readerClient, 'create_change_request', { spaceId, subject: 'Mine' });
    const restRefused = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      method: 'POST',
      token: reader.token,
      body: { subject: 'Mine' },
    });
    expect(restRefused.status).toBeGreaterThanOrEqual(400);
    expect(refused).toEqual({ isError: true, body: restRefused.body });
    const bad = await call(stranger, 'list_spaces', { organizationId: { $ne: null } });
    expect(bad.isError).toBe(true);
    expect(bad.body.error.code).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('organizationId');
    const changeRequests = await server.api(`/v1/spaces/${spaceId}/change-requests`, {
      token: org.admin.token,
    });
    expect(changeRequests.body.items.map((item: Json) => item.subject)).not.toContain('Mine');
  });

  it('needs an API token: none or a wrong one is a 401 in GitBook shape, and GET is not served', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    const anonymous = await server.api('/mcp', { method: 'POST', token: null, body: initialize, headers });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { code: 401 } });
    const forged = await server.api('/mcp', {
      method: 'POST',
      token: 'gb_api_forged',
      body: initialize,
      headers,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ error: { code: 401 } });
    const get = await server.api('/mcp', { token: org.admin.token });
    expect(get.status).toBe(405);
  });

  it('names an unknown tool in its error by at most 64 characters, and echoes no 1 MB query', async () => {
    const client = await connect(org.admin.token);
    const name = `no_such_tool_${'x'.repeat(100_000)}`;
    const refused = await client.callTool({ name, arguments: {} }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).toContain('No tool is named "no_such_tool_xxx');
    expect((refused ?? '').length).toBeLessThan(200);
    // A query of 1 MB: the operation's 400 naming the field, the query not echoed either.
    const result = (await client.callTool({
      name: 'search',
      arguments: { organizationId: org.organization.id, query: 'a'.repeat(1_000_000) },
    })) as CallToolResult;
    const [first] = result.content;
    const text = first?.type === 'text' ? first.text : '';
    expect(result.isError).toBe(true);
    expect(JSON.parse(text).error.code).toBe(400);
    expect(text).toContain('query');
    expect(text.length).toBeLessThan(1000);
  });

  it("takes a person's live API token only: a revoked one, and a site API token (anyone may mint one), are 401", async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '0' } },
    };
    const search = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search', arguments: { organizationId: org.organization.id, query: 'telescope' } },
    };
    const headers = { accept: 'application/json, text/event-stream' };
    const post = (token: string, body: unknown) =>
      server.api('/mcp', { method: 'POST', token, body, headers });

    // A published site's anonymous visitor's token, from the URL lookup anyone may call.
    const orgPath = `/v1/orgs/${org.organization.id}`;
    const site = await server.api(`${orgPath}/sites`, {
      method: 'POST',
      token: org.admin.token,
      body: { title: 'Sky' },
    });
    const sitePath = `${orgPath}/sites/${site.body.id}`;
    await server.api(sitePath, { method: 'PATCH', token: org.admin.token, body: { basename: 'sky' } });
    await server.api(`${sitePath}/sections`, { method: 'POST', token: org.admin.token, body: { spaceId } });
    expect((await server.api(`${sitePath}/publish`, { method: 'POST', token: org.admin.token })).status).toBe(
      200,
    );
    const found = await lookup(server, {
      url: `${server.services.urls.sites ?? server.services.urls.app}/~sites/${org.organization.id}/sky/`,
    });
    const siteToken = found.body.apiToken as string;
    expect(typeof siteToken).toBe('string');
    for (const body of [initialize, search]) {
      const bySite = await post(siteToken, body);
      expect(bySite.status, JSON.stringify(bySite.body)).toBe(401);
      expect(bySite.body).toMatchObject({ error: { code: 401 } });
    }

    // A token that worked, then revoked.
    const person = await createUser(server);
    expect((await post(person.token, initialize)).status).toBe(200);
    const own = await server.api('/v1/user/tokens', { token: person.token });
    const revoked = await server.api(`/v1/user/tokens/${own.body.items[0].id}`, {
      method: 'DELETE',
      token: person.token,
    });
    expect(revoked.status).toBe(204);
    const after = await post(person.token, initialize);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: { code: 401 } });
  });
});
