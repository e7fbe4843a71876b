/**
 * What the end-to-end tests look at, made through the domain's operations as a person would
 * make it: an organization, a collection, a space of pages (a heading, a list, a code block,
 * a table, subpages), a change request that edits a page and adds one, and a comment with a
 * reply and a reaction. Names are fixed, so the screenshots are the same from run to run.
 */
import { operations, setUserPassword } from '@quire/domain';
import {
  createOrganization,
  createUser,
  type TestOrganization,
} from '../../../../server/test/support/factories';
import type { TestServer } from '../../../../server/test/support/test-server';

export const GETTING_STARTED = `Quire keeps your team's documentation in **spaces** of pages.

## Before you start

- A server with Node.js 20 or later
- A terminal
- About five minutes

## Install

\`\`\`bash
git clone https://example.com/quire.git
cd quire && pnpm install && pnpm start
\`\`\`

## Settings

| Setting | Default | Meaning |
| --- | --- | --- |
| \`PORT\` | 8080 | Where the server listens |
| \`QUIRE_DATA_DIR\` | \`.quire\` | Where the data is kept |
`;

const INSTALL = `Run the server with \`pnpm start\`.

It builds what is missing first.
`;

const INSTALL_EDITED = `Run the server with \`pnpm start\`.

It builds what is missing first, then listens on port 8080.

Open http://localhost:8080/ in a browser.
`;

/** Ada's password, for signing in with email and password. */
export const ADA_PASSWORD = 'correct horse battery staple';

export interface DocsSpace {
  org: TestOrganization;
  spaceId: string;
  gettingStartedId: string;
  changeRequestNumber: number;
}

export async function createDocsSpace(server: TestServer): Promise<DocsSpace> {
  const owner = await createUser(server, { displayName: 'Ada Lovelace', email: 'ada@example.test' });
  await setUserPassword(server.services, { userId: owner.user.id, password: ADA_PASSWORD });
  const org = await createOrganization(server, { title: 'Acme', owner });
  const as = org.admin;
  const call = server.callOperation;
  const collection = await call(operations.collections.create, as, {
    organizationId: org.organization.id,
    title: 'Product',
  });
  const space = await call(operations.spaces.create, as, {
    organizationId: org.organization.id,
    title: 'Handbook',
    parent: collection.id,
  });
  await call(operations.spaces.create, as, { organizationId: org.organization.id, title: 'Team notes' });
  const content = await call(operations.spaces.content.update, as, {
    spaceId: space.id,
    changes: [
      {
        operation: 'insert_page',
        ref: 'start',
        title: 'Getting started',
        emoji: '🚀',
        document: { markdown: GETTING_STARTED },
      },
      {
        operation: 'insert_page',
        ref: 'install',
        into: 'start',
        title: 'Install',
        document: { markdown: INSTALL },
      },
      {
        operation: 'insert_page',
        ref: 'guides',
        title: 'Guides',
        document: { markdown: 'Guides for every day.\n' },
      },
      {
        operation: 'insert_page',
        into: 'guides',
        title: 'Writing pages',
        document: { markdown: 'Pages are markdown.\n' },
      },
      {
        operation: 'insert_page',
        into: 'guides',
        title: 'Reviewing changes',
        document: { markdown: 'Open a change request.\n' },
      },
      { operation: 'insert_page', title: 'FAQ', document: { markdown: 'Questions and answers.\n' } },
    ],
  });
  const [start, install] = content.changes.map((change) =>
    'page' in change && typeof change.page === 'object' ? change.page.id : '',
  );
  const changeRequest = await call(operations.changeRequests.create, as, {
    spaceId: space.id,
    subject: 'Say where the server listens',
  });
  await call(operations.changeRequests.content.update, as, {
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    changes: [
      { operation: 'update_page', page: install!, document: { markdown: INSTALL_EDITED } },
      {
        operation: 'insert_page',
        into: start!,
        title: 'Upgrading',
        document: { markdown: 'Pull, then start.\n' },
      },
    ],
  });
  await call(operations.changeRequests.update, as, {
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    status: 'open',
  });
  const comment = await call(operations.spaces.comments.post, as, {
    spaceId: space.id,
    page: start!,
    body: { markdown: 'Should we say which **pnpm** version?' },
  });
  await call(operations.spaces.comments.replies.post, as, {
    spaceId: space.id,
    commentId: comment.id,
    body: { markdown: 'pnpm 10, as the lockfile says.' },
  });
  await call(operations.spaces.comments.update, as, {
    spaceId: space.id,
    commentId: comment.id,
    addedReactions: ['👍'],
  });
  return { org, spaceId: space.id, gettingStartedId: start!, changeRequestNumber: changeRequest.number };
}

/**
 * Makes the docs space's edits live (what "Edit together" needs) and adds a page `title` of
 * `markdown` to it, as its admin; the page's id.
 */
export async function addLivePage(
  server: TestServer,
  docs: DocsSpace,
  title: string,
  markdown: string,
): Promise<string> {
  await server.callOperation(operations.spaces.update, docs.org.admin, {
    spaceId: docs.spaceId,
    editMode: 'live',
  });
  const inserted = await server.callOperation(operations.spaces.content.update, docs.org.admin, {
    spaceId: docs.spaceId,
    changes: [{ operation: 'insert_page', title, document: { markdown } }],
  });
  const change = inserted.changes[0];
  if (!change || !('page' in change) || typeof change.page !== 'object')
    throw new Error(`the page "${title}" was not inserted`);
  return change.page.id;
}
