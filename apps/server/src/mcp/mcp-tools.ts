/**
 * The MCP server's tools (issue 32, item 3): each is one operation of the registry, named for
 * an assistant, with the operation's own input schema (less what the tool fixes) and summary.
 * A tool runs its operation exactly as REST, GraphQL and tRPC do (`runOperation`: the caller's
 * token, its rate budget, the operation's own authorization), so it can do nothing the same
 * caller could not do through the API.
 *
 * Only reads, and writes into a change request: no tool edits live content. An assistant
 * proposes (`create_change_request`, then `edit_change_request`) and a person reviews and
 * merges.
 */
import { type AnyOperation, operations } from '@quire/domain';

export interface McpTool {
  name: string;
  operation: AnyOperation;
  /** What the tool adds to the operation's summary. */
  note?: string;
  /** Input fields the tool sets itself, left out of its schema. */
  fixed?: Record<string, unknown>;
}

export const MCP_TOOLS: readonly McpTool[] = [
  { name: 'list_organizations', operation: operations.orgs.list },
  { name: 'list_spaces', operation: operations.spaces.list },
  { name: 'search', operation: operations.spaces.searchInOrganization },
  { name: 'list_pages', operation: operations.spaces.content.pages.list },
  {
    name: 'read_page',
    operation: operations.spaces.content.page.get,
    note: 'The body comes as markdown.',
    fixed: { format: 'markdown' },
  },
  { name: 'list_change_requests', operation: operations.changeRequests.list },
  {
    name: 'create_change_request',
    operation: operations.changeRequests.create,
    note: 'Proposed edits go into a change request, which a person reviews and merges: start here.',
  },
  {
    name: 'edit_change_request',
    operation: operations.changeRequests.content.update,
    note: 'Edits only the change request, never the live content.',
  },
];

const byName = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

export const mcpToolNamed = (name: string): McpTool | undefined => byName.get(name);
