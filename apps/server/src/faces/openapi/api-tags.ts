/**
 * The sections of the API documentation: one tag per resource, in the order a reader meets
 * them (who am I, organizations and their people, content, administration). An operation
 * goes under the tag of the longest prefix of its name. A new area adds its resources here;
 * a test fails while an operation has no tag.
 */

/**
 * The parts `/docs` shows one at a time ("Select a definition"): Swagger UI stops rendering
 * a document past about 135 operations (measured: 135 render, 136 show 6), so each part
 * stays well under that. `/openapi.json` is always the whole document.
 */
export const API_GROUPS = [
  { id: 'people', title: 'Users, organizations and people' },
  { id: 'content', title: 'Spaces and content' },
  { id: 'services', title: 'API specs, translations, Git Sync and jobs' },
  { id: 'publishing', title: 'Sites and publishing' },
  { id: 'admin', title: 'Administration' },
] as const;
export type ApiGroupId = (typeof API_GROUPS)[number]['id'];

export interface ApiTag {
  name: string;
  description: string;
  /** Operation-name prefixes (dotted, whole segments) the tag covers. */
  prefixes: readonly string[];
  /** The part of `/docs` the tag is shown in. */
  group: ApiGroupId;
}

export const API_TAGS: readonly ApiTag[] = [
  {
    name: 'Current user',
    group: 'people',
    prefixes: ['user'],
    description:
      'The user the API token belongs to, their own API tokens, and the browsers signed in to the web app as them.',
  },
  {
    name: 'Users',
    group: 'people',
    prefixes: ['users'],
    description: 'Other users, as far as the caller works with them (they share an organization).',
  },
  {
    name: 'Organizations',
    group: 'people',
    prefixes: ['orgs'],
    description:
      'Organizations hold the people, teams and content. Create and update them, add people by email ' +
      'address, and find those an email domain may join.',
  },
  {
    name: 'Members',
    group: 'people',
    prefixes: ['orgs.members'],
    description:
      'The people of an organization and their role (admin, create, review, edit, comment, read), or ' +
      'none for guests, who see only what is shared with them.',
  },
  {
    name: 'Teams',
    group: 'people',
    prefixes: ['orgs.teams'],
    description:
      'Groups of members of an organization; a role granted to a team reaches each of its members.',
  },
  {
    name: 'Invite links',
    group: 'people',
    prefixes: ['orgs.inviteLinks'],
    description: 'Links through which people join an organization with the role the link gives.',
  },
  {
    name: 'Single sign-on',
    group: 'people',
    prefixes: ['orgs.saml', 'orgs.sso'],
    description: "An organization's SAML identity providers, and the ways to sign in to it through them.",
  },
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
    group: 'content',
    prefixes: ['changeRequests'],
    description:
      'Proposed edits to a space, numbered per space: drafts, submitted for review (open), archived ' +
      "or merged. Their content is read and edited as a space's is; a merge brings it into the " +
      "space with a three-way merge, an update brings the space's changes in.",
  },
  {
    name: 'Comments',
    group: 'content',
    prefixes: ['spaces.comments', 'changeRequests.comments'],
    description:
      'Discussions on a space or in a change request, optionally about one page: comments and their ' +
      'replies, with emoji reactions; a comment is resolved and reopened, and the space and change ' +
      'request count the open ones.',
  },
  {
    name: 'Search',
    group: 'content',
    prefixes: ['spaces.search', 'spaces.searchInOrganization'],
    description:
      'Full-text search of a space, or of every space the caller can read in an organization: pages ranked ' +
      'by relevance, each with the headings the matches fall under and an excerpt.',
  },
  {
    name: 'Links',
    group: 'content',
    prefixes: ['spaces.links', 'spaces.content.page.links', 'spaces.content.files.backlinks'],
    description:
      'Link reports: every link of every page classified as ok, broken or in-app, for a space or a change ' +
      'request (before it is merged), the links of one page, and the pages that link to or embed a file.',
  },
  {
    name: 'OpenAPI specifications',
    group: 'services',
    prefixes: ['openapi'],
    description:
      "An organization's OpenAPI descriptions, by slug: each upload (a URL or the text) is fetched, parsed and " +
      'validated by a job; each one processed without error becomes a version with its files.',
  },
  {
    name: 'Translations',
    group: 'services',
    prefixes: ['translations'],
    description:
      "An organization's translations of its spaces into other languages: each run (a job) translates the " +
      "source space's content and writes it into the result space.",
  },
  {
    name: 'Git Sync',
    group: 'services',
    prefixes: ['git'],
    description:
      "A space's synchronization with a Git repository (GitBook's Git Sync): imports and exports run as jobs " +
      'and answer at once; the settings and how the last import and export went are in its Git info.',
  },
  {
    name: 'Jobs',
    group: 'services',
    prefixes: ['jobs'],
    description:
      'Background work (a Quire extension): processing, imports and other long tasks run as jobs; a job shows ' +
      'its state, progress, attempts, the log of what it did and the error that ended it.',
  },
  {
    name: 'Sites',
    group: 'publishing',
    prefixes: ['sites'],
    description:
      'Published docs sites built from spaces: create them, change their settings and visibility, and ' +
      'publish or unpublish them.',
  },
  {
    name: 'Site structure',
    group: 'publishing',
    prefixes: ['sites.sections', 'sites.sectionGroups', 'sites.siteSpaces', 'sites.structure'],
    description:
      "A site's sections (each a body of content in one or more variants: its site spaces), the groups " +
      'sections are gathered in, and their order.',
  },
  {
    name: 'Site access',
    group: 'publishing',
    prefixes: ['sites.shareLinks', 'sites.publishingAuth', 'sites.adaptiveSchema', 'sites.published'],
    description:
      'Who reaches a published site and what each visitor sees: share links, visitor authentication ' +
      "with signed tokens, the adaptive schema of visitors' claims, and the published view itself.",
  },
  {
    name: 'Administration',
    group: 'admin',
    prefixes: ['admin'],
    description: 'For instance administrators: every user of the instance and their API tokens.',
  },
];

const covers = (prefix: string, name: string) => name === prefix || name.startsWith(`${prefix}.`);

/** The tag of an operation: the one with the longest prefix of its name; undefined when none covers it. */
export function tagOf(operationName: string): ApiTag | undefined {
  let best: { tag: ApiTag; length: number } | undefined;
  for (const tag of API_TAGS) {
    for (const prefix of tag.prefixes) {
      if (covers(prefix, operationName) && prefix.length > (best?.length ?? -1))
        best = { tag, length: prefix.length };
    }
  }
  return best?.tag;
}
