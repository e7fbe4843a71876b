/**
 * One request's MCP server: the tools of `mcp-tools.ts`, each call run as its operation for
 * the request's caller. Built per request (the face is stateless: every request carries its
 * token, so no session of the protocol outlives it or holds a caller).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { FastifyBaseLogger } from 'fastify';
import { runOperation } from '../faces/run-operation';
import { toHttpError } from '../http/error-body';
import type { RequestAccess } from '../request-context';
import { toolInputSchema } from './mcp-tool-schemas';
import { MCP_TOOLS, mcpToolNamed } from './mcp-tools';

/** The server's name and version as the protocol's `initialize` answers them. */
const SERVER_INFO = { name: 'quire', version: '0.1.0' };

const descriptionOf = (tool: (typeof MCP_TOOLS)[number]) =>
  tool.note ? `${tool.operation.summary}. ${tool.note}` : `${tool.operation.summary}.`;

/**
 * One JSON Schema validator for every request's server: the SDK builds a new Ajv instance per
 * server otherwise (its vocabularies and meta-schemas, the largest part of an MCP request's CPU
 * besides the operation; issue 32's MCP target), for a validator only a server that asks its
 * client for input (elicitation) uses, which this one never does.
 */
const sharedValidator = new AjvJsonSchemaValidator();

export function mcpServerFor(access: RequestAccess, log: FastifyBaseLogger): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {} },
    jsonSchemaValidator: sharedValidator,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TOOLS.map((tool) => ({
      name: tool.name,
      description: descriptionOf(tool),
      inputSchema: toolInputSchema(tool),
      annotations: { readOnlyHint: tool.operation.kind === 'query' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }): Promise<CallToolResult> => {
    const tool = mcpToolNamed(params.name);
    // The name as sent, cut: an error never echoes a request's text at length.
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `No tool is named ${JSON.stringify(params.name.slice(0, 64))}`,
      );
    try {
      const output = await runOperation(tool.operation, access, { ...params.arguments, ...tool.fixed });
      return { content: [{ type: 'text', text: JSON.stringify(output ?? null) }] };
    } catch (error) {
      // The refusal REST would answer, in its body's shape: 400 naming the field, 404, 403...
      const { body } = toHttpError(error, log);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
    }
  });
  return server;
}
