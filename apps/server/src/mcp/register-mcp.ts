/**
 * The MCP face (issue 32, item 3): Model Context Protocol over streamable HTTP at `/mcp`,
 * through the official SDK's transport, for AI assistants. Authenticated with the user's API
 * token (`Authorization: Bearer`) only: a browser's session cookie does not drive tools, and a
 * site API token (a published site's visitor, minted by anyone) is a 401 as a wrong token is.
 * Stateless: answers are JSON (no event stream to hold open), so `GET` and `DELETE`, which
 * serve a protocol session's stream and end, answer 405.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { unauthenticated } from '@quire/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from '../http/error-body';
import { requestFactsOf } from '../http/request-facts';
import type { RequestGate } from '../request-context';
import { mcpServerFor } from './mcp-server';

export const MCP_PATH = '/mcp';

export function registerMcp(app: FastifyInstance, gate: RequestGate, publicUrl: string): void {
  app.post(MCP_PATH, async (request, reply) => {
    if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated('The MCP server needs an API token: send it as "Authorization: Bearer <token>"');
    }
    const access = await gate.open(requestFactsOf(request, reply));
    if (access.ctx.caller === null) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw unauthenticated('The API token is not valid');
    }
    // A site API token stands for a published site's visitor, and anyone may mint one (the URL
    // lookup): tools are for a person's agent, so it is refused as any credential that is not one.
    if (access.ctx.caller.site !== undefined) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw unauthenticated("The MCP server needs a person's API token, not a site API token");
    }
    const server = mcpServerFor(access, request.log);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      const answer = await transport.handleRequest(
        new Request(new URL(MCP_PATH, publicUrl), { method: 'POST', headers }),
        { parsedBody: request.body },
      );
      reply.code(answer.status);
      const type = answer.headers.get('content-type');
      if (type) reply.header('content-type', type);
      return reply.send(await answer.text());
    } finally {
      await server.close();
    }
  });
  const notServed = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send(errorBody(405, 'This MCP server is stateless: send requests with POST', 'validation'));
  app.get(MCP_PATH, notServed);
  app.delete(MCP_PATH, notServed);
}
