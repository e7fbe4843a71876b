/**
 * Every `/v1` route of the route table that GitBook's document defines is driven by a test
 * of this folder through the official client (read from the `expectConforms` calls of the
 * case files, so the list cannot drift from what runs). Routes GitBook does not define are
 * listed by name. A new area's routes are covered as soon as they are in the route table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../src/faces/rest/route-table';
import { operationAt } from './openapi-spec';

/** Quire's own routes in these tables, absent from GitBook's document. */
const QUIRE_ONLY = [
  // Deleting an organization and purging what it held (GitBook 0.202.0 deletes none).
  'DELETE /v1/orgs/:organizationId',
  // Uploading a file into a space or a change request, or replacing its bytes, and the size
  // limits a client says before (GitBook uploads through its batch's insert_files only).
  'POST /v1/spaces/:spaceId/content/files',
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/content/files',
  'GET /v1/spaces/:spaceId/content/file-limits',
  'POST /v1/orgs',
  // Pending invitations by email (GitBook's document has only `POST ORG/invites`, which makes them).
  'GET /v1/orgs/:organizationId/invitations',
  'DELETE /v1/orgs/:organizationId/invitations/:invitationId',
  'POST /v1/orgs/:organizationId/invitations/:invitationId/resend',
  'POST /v1/user/tokens',
  'GET /v1/user/tokens',
  'DELETE /v1/user/tokens/:tokenId',
  // The web app's sessions of the user (its settings list them and sign browsers out).
  'GET /v1/user/sessions',
  'DELETE /v1/user/sessions/:sessionId',
  // The user's own preferences (mail for review requests and mentions).
  'GET /v1/user/preferences',
  'PATCH /v1/user/preferences',
  // The deleted spaces a person may still restore (the web app's "Recently deleted").
  'GET /v1/orgs/:organizationId/spaces/deleted',
  // Editing a live space (GitBook's newer batch shape, absent from this client's document) and its history.
  'POST /v1/spaces/:spaceId/content',
  'GET /v1/spaces/:spaceId/revisions',
  // Restoring a space to an earlier revision, as a new one (the web app's history).
  'POST /v1/spaces/:spaceId/revisions/:revisionId/restore',
  // Editing a change request's content (`updateChangeRequestContent` in later versions of the document).
  'POST /v1/spaces/:spaceId/change-requests/:changeRequestId/content',
  // A background job (an upload's processing, later imports and exports) and its log.
  'GET /v1/jobs/:jobId',
  // The catalog of built-in templates, whose ids `applyTemplateToSpace` takes.
  'GET /v1/templates',
  // The progress of an import that goes on after its request answered.
  'GET /v1/spaces/:spaceId/content/imports/:importId',
  // Running a translation again (the interface document's; GitBook's published document has no run).
  'POST /v1/orgs/:organizationId/translations/:translationId/run',
  // A space's Git settings or null (`git/info` answers 404 for a space never synchronized).
  'GET /v1/spaces/:spaceId/git/settings',
  // Serving a site or an organization at a custom hostname (GitBook's document sets none publicly).
  'PUT /v1/custom-hostnames/:hostname',
  // Changing a site's redirects in bulk (`bulkUpsertSiteRedirects` in later versions of the document).
  'PUT /v1/orgs/:organizationId/sites/:siteId/redirects',
  // A space's reusable contents listed (GitBook lists them on the revision only), and a reusable
  // content's document (GitBook's later documents have it on a revision), on every content.
  'GET /v1/spaces/:spaceId/content/reusable-contents',
  'GET /v1/spaces/:spaceId/content/reusable-contents/:reusableContentId/document',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/reusable-contents/:reusableContentId/document',
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/reusable-contents',
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/reusable-contents/:reusableContentId/document',
  // A page's meta links (GitBook's `list...PageMetaLinks`, in later versions of the document).
  'GET /v1/spaces/:spaceId/content/page/:pageId/meta-links',
  'GET /v1/spaces/:spaceId/revisions/:revisionId/page/:pageId/meta-links',
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/content/page/:pageId/meta-links',
  // One review by its id and the organization's queue of change requests (GitBook's later
  // documents, driven with the 0.202.0 client in reviews.cases.ts), and Quire's own merge rules
  // and merge status.
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/reviews/:reviewId',
  'GET /v1/orgs/:organizationId/change-requests',
  'GET /v1/spaces/:spaceId/change-requests/:changeRequestId/merge-status',
  'GET /v1/spaces/:spaceId/merge-rules',
  'PUT /v1/spaces/:spaceId/merge-rules',
  'DELETE /v1/spaces/:spaceId/merge-rules',
  'GET /v1/orgs/:organizationId/merge-rules',
  'PUT /v1/orgs/:organizationId/merge-rules',
  // The review notifications of the caller (GitBook's app has its own; its API none).
  'GET /v1/user/notifications',
  'POST /v1/user/notifications/read',
  // OpenID Connect providers of an organization (GitBook has SAML providers only).
  'GET /v1/orgs/:organizationId/oidc',
  'POST /v1/orgs/:organizationId/oidc',
  'GET /v1/orgs/:organizationId/oidc/:oidcProviderId',
  'PATCH /v1/orgs/:organizationId/oidc/:oidcProviderId',
  'DELETE /v1/orgs/:organizationId/oidc/:oidcProviderId',
  // The audit log (GitBook's later documents, driven with the 0.202.0 client in audit.cases.ts).
  'GET /v1/orgs/:organizationId/audit-events',
  'GET /v1/orgs/:organizationId/audit-events/:auditEventId',
  'GET /v1/orgs/:organizationId/audit-event-actions',
  // Webhook endpoints of an organization and their deliveries (GitBook 0.202.0 has no webhook API).
  'GET /v1/orgs/:organizationId/webhooks',
  'POST /v1/orgs/:organizationId/webhooks',
  'GET /v1/orgs/:organizationId/webhooks/:webhookId',
  'PATCH /v1/orgs/:organizationId/webhooks/:webhookId',
  'DELETE /v1/orgs/:organizationId/webhooks/:webhookId',
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/secret',
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/test',
  'GET /v1/orgs/:organizationId/webhooks/:webhookId/deliveries',
  'POST /v1/orgs/:organizationId/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
];

/**
 * GitBook's operations Quire answers only with a refusal, driven through the client to it
 * (`expectClientError`): a computed document (Quire has no computed content).
 */
const REFUSED_ONLY = ['getComputedDocument'];

const here = dirname(fileURLToPath(import.meta.url));
const exercised = new Set(
  readdirSync(here)
    .filter((name) => name.endsWith('.cases.ts'))
    .flatMap((name) => [
      // An exchange checked against the document, or whose known mismatches with it a case states exactly.
      ...readFileSync(`${here}/${name}`, 'utf8').matchAll(
        /(?:expectConforms(?:WithStatus)?|documentMismatches)\([^,]+,\s*'(\w+)'/g,
      ),
    ])
    .map((match) => match[1]),
);
const refusedOnlyDriven = new Set(
  readdirSync(here)
    .filter((name) => name.endsWith('.cases.ts'))
    .flatMap((name) => [
      ...readFileSync(`${here}/${name}`, 'utf8').matchAll(/expectClientError\([^']*'(\w+)'/g),
    ])
    .map((match) => match[1])
    .filter((operationId) => operationId !== undefined && REFUSED_ONLY.includes(operationId)),
);

const routes = restRoutes.filter((route) => route.path.startsWith('/v1/'));

describe('coverage of the route table by the official client', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (name, route) => {
    const operation = operationAt(route.method, route.path.replace(/^\/v1/, ''));
    if (!operation) {
      expect(QUIRE_ONLY, `${name} is not in GitBook's document`).toContain(name);
      return;
    }
    const driven = [...exercised, ...refusedOnlyDriven];
    expect(driven, `${operation.operationId} is driven through the client`).toContain(operation.operationId);
  });

  it('lists as Quire-only nothing that is not a route', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const name of QUIRE_ONLY) expect(names).toContain(name);
  });
});
