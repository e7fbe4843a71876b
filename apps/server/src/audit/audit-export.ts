/**
 * `GET /v1/orgs/:organizationId/audit-events/export`: an organization's audit log as JSON
 * lines (`application/x-ndjson`), one event a line in GitBook's `AuditEvent` shape, newest
 * first, with the list's filters (`from`, `to`, `action`, `actor`, `target`). Quire's own
 * route (GitBook's document has none).
 *
 * It is the list operation (`orgs.auditEvents.list`) read page after page: the first page runs
 * through `runOperation` as any call (rate-limit charge, authentication, the filters
 * validated, admins only: 401, 400 naming the field, 403, 404 in GitBook's error shape before
 * any byte is sent); the next pages are the same list authorized again, without its count
 * (`nextAuditExportPage`: counting the log at every page made an export's cost grow with the
 * square of the log). Streamed: a page of 100 events is read while the previous one is sent, and a
 * log of any length is exported in memory bounded by a page.
 */
import { Readable } from 'node:stream';
import { type AuditEvent, auditOperations, nextAuditExportPage, type Page } from '@quire/domain';
import type { FastifyInstance } from 'fastify';
import { runOperation } from '../faces/run-operation';
import { requestFactsOf } from '../http/request-facts';
import type { RequestGate } from '../request-context';

export const AUDIT_EXPORT_PATH = '/v1/orgs/:organizationId/audit-events/export';
const EXPORT_PAGE = 100;

interface ExportRoute {
  Params: { organizationId: string };
  Querystring: Record<string, unknown>;
}

export function registerAuditExport(app: FastifyInstance, gate: RequestGate): void {
  const list = auditOperations.orgs.auditEvents.list;
  app.get<ExportRoute>(AUDIT_EXPORT_PATH, async (request, reply) => {
    const access = await gate.open(requestFactsOf(request, reply));
    const input = { ...request.query, organizationId: request.params.organizationId, limit: EXPORT_PAGE };
    const first = (await runOperation(list, access, input)) as Page<AuditEvent>;
    async function* lines(): AsyncGenerator<string> {
      let page = first;
      for (;;) {
        for (const event of page.items) yield `${JSON.stringify(event)}\n`;
        if (page.next === undefined) return;
        page = await nextAuditExportPage(access.ctx, { ...input, page: page.next.page });
      }
    }
    return reply
      .code(200)
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="audit-events-${request.params.organizationId}.jsonl"`,
      )
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(lines()));
  });
}
