/** How the content area is served: its routes, its documentation tags and the adapters of its ports. */
import { SharedPageEdits } from '../collaboration/shared-page-edits';
import { ServerPdfLinks } from '../content-exports/server-pdf-links';
import { SiteVisitorConditions } from '../documents/site-visitor-conditions';
import { EMBED_LIMITS, OutboundEmbedResolver } from '../embeds/outbound-embed-resolver';
import { changeRequestReviewRoutes } from '../faces/rest/routes/change-request-reviews';
import { changeRequestRoutes } from '../faces/rest/routes/change-requests';
import { contentRoutes } from '../faces/rest/routes/content';
import { pageDocumentRoutes } from '../faces/rest/routes/page-documents';
import { reusableContentRoutes } from '../faces/rest/routes/reusable-contents';
import { DEFAULT_CONTENT_IMPORT_LIMITS } from '../imports/server-content-imports';
import { ThreadedContentImports } from '../imports/threaded-content-imports';
import { TemplateCatalog } from '../templates/template-catalog';
import { defineServerArea } from './server-area';

export const contentServing = defineServerArea({
  key: 'content',
  routes: [
    ...contentRoutes,
    ...changeRequestRoutes,
    ...changeRequestReviewRoutes,
    ...reusableContentRoutes,
    ...pageDocumentRoutes,
  ],
  tags: [
    {
      name: 'Collections',
      group: 'content',
      prefixes: ['collections'],
      description:
        'Collections arrange spaces and other collections in a tree; a role granted on a collection ' +
        'reaches everything under it.',
    },
    {
      name: 'Spaces',
      group: 'content',
      prefixes: ['spaces'],
      description:
        'Spaces hold the documentation content. Create them at the top of an organization or in a ' +
        'collection; move, transfer, duplicate them; a deleted space can be restored for 7 days.',
    },
    {
      name: 'Permissions',
      group: 'content',
      prefixes: ['spaces.permissions', 'collections.permissions'],
      description:
        'Roles granted on a space or a collection to users and teams (a grant on a collection reaches ' +
        'what it holds), and the role each person ends up with: the strongest of the default level and ' +
        'the grants; organization admins are admin everywhere.',
    },
    {
      name: 'Content',
      group: 'content',
      prefixes: ['spaces.content', 'spaces.revisions', 'spaces.pdf', 'templates'],
      description:
        'The pages and files of a space, as markdown or GitBook documents: read the current content or ' +
        'any revision, edit in batches (a live space directly, else through change requests), import ' +
        'from websites, HTML, markdown, zips and docx, fill from templates, export as PDF, and read the ' +
        'history with what each revision changed.',
    },
    {
      name: 'Change requests',
      group: 'review',
      prefixes: ['changeRequests'],
      description:
        'Proposed edits to a space, numbered per space: drafts, submitted for review (open), archived ' +
        "or merged. Their content is read and edited as a space's is; a merge brings it into the " +
        "space with a three-way merge, an update brings the space's changes in.",
    },
    {
      name: 'Change request reviews',
      group: 'review',
      prefixes: [
        'changeRequests.reviews',
        'changeRequests.requestedReviewers',
        'changeRequests.contributors',
        'changeRequests.mergeStatus',
        'spaces.mergeRules',
        'orgs.mergeRules',
        'user.notifications',
      ],
      description:
        'Reviews of change requests: people asked to review, approvals and requests for changes of ' +
        "the current revision (a new revision makes them outdated), and the merge rules a space's or " +
        "organization's change requests must meet before they merge.",
    },
  ],
  ports: ({ config, blobs, jobThreads, clock, pdfLinkKey }) => ({
    contentImports: new ThreadedContentImports(jobThreads, blobs, {
      ...DEFAULT_CONTENT_IMPORT_LIMITS,
      maxPages: config.importMaxPages,
      maxImportBytes: config.importMaxBytes,
      maxFetches: config.importMaxPages * 25,
      allowHosts: config.fetchAllowHosts,
    }),
    contentTemplates: new TemplateCatalog(config.templatesDir),
    pdfLinks: new ServerPdfLinks(pdfLinkKey, config.publicUrl, clock, config.pdfLinkLifetimeMs),
    embedResolver: new OutboundEmbedResolver({ ...EMBED_LIMITS, allowHosts: config.fetchAllowHosts }, clock),
    visitorConditions: new SiteVisitorConditions(),
    liveEdits: new SharedPageEdits(),
  }),
});
