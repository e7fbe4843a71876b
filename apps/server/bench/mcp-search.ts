/**
 * `npx tsx bench/mcp-search.ts` (from apps/server): issue 32's MCP target, a search through
 * the MCP server (`tools/call search` at `/mcp`, the official transport, one JSON-RPC call
 * per request) within 2x the REST search (`GET ORG/search`) of the same query, same token, in
 * the same run. Prints requests/s and the server's CPU per request of each, and the ratio.
 */
import { startBenchChild } from './bench-child';
import { measureRateAndCpu, type RequestShape } from './measure-rate';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

interface Fixture {
  quire: string;
  cpu: string;
  token: string;
  organizationId: string;
}

const { fixture, stop } = await startBenchChild<Fixture>(new URL('./mcp-search-server.ts', import.meta.url));
try {
  const serverCpu = async () =>
    ((await (await fetch(`${fixture.cpu}/cpu`)).json()) as { micros: number }).micros;
  const measure = (title: string, url: string, init: RequestShape) =>
    measureRateAndCpu(title, url, {
      ...init,
      seconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      serverCpu,
    });
  const auth = { authorization: `Bearer ${fixture.token}` };
  const query = 'telescope';

  const rest = await measure(
    'REST GET ORG/search',
    `${fixture.quire}/v1/orgs/${fixture.organizationId}/search?query=${query}`,
    { headers: auth },
  );
  const mcp = await measure('MCP tools/call search', `${fixture.quire}/mcp`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search', arguments: { organizationId: fixture.organizationId, query } },
    }),
  });
  const costRatio = (mcp.cpuPerRequest ?? 0) / (rest.cpuPerRequest ?? 1);
  console.log(
    `\nMCP search: ${(rest.rps / mcp.rps).toFixed(2)}x the REST search's time per request (rate), ` +
      `${costRatio.toFixed(2)}x its CPU per request (target: within 2x: ${costRatio <= 2 ? 'met' : 'NOT met'})`,
  );
} finally {
  stop();
}
