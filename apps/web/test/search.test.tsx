/**
 * Searching a space and an organization as you type: the results of the query once typing
 * pauses (no query under 2 characters), the words typed marked in each result, the arrow keys
 * moving through the results (the field keeps the focus), Enter opening the page at the
 * heading, Escape closing; nothing found and the server's refusal said. The headings of a
 * page carry the anchors the server gives its sections.
 */
import { markdownSections } from '@quire/documents';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../src/content/markdown';
import { highlightedSegments } from '../src/search/highlight';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION, treePage } from './support/fixtures';

const APP = 'http://quire.test/o/org-acme/s/space-1';

// jsdom scrolls nothing (and has no scrollIntoView): the ids of the elements asked to come
// into view are recorded instead.
const scrolled: string[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolled.push(this.id);
};

const INSTALL_RESULT = {
  id: 'page-install',
  title: 'Install',
  path: 'getting-started/install',
  urls: { app: `${APP}/getting-started/install` },
  sections: [
    {
      id: 'install-the-server',
      title: 'Install the server',
      path: 'getting-started/install#install-the-server',
      body: 'Run pnpm install, then start the server.',
      urls: { app: `${APP}/getting-started/install#install-the-server` },
    },
    {
      id: 'upgrading',
      title: 'Upgrading',
      path: 'getting-started/install#upgrading',
      body: 'Reinstall after pulling.',
      urls: { app: `${APP}/getting-started/install#upgrading` },
    },
  ],
};

const FAQ_RESULT = {
  id: 'page-faq',
  title: 'FAQ about installing',
  path: 'faq',
  urls: { app: `${APP}/faq` },
  sections: [],
};

const INSTALL_MARKDOWN = `Intro.

## Install the server

Run pnpm install.

## Upgrading

Pull, then start.
`;

function openSpace(handlers: Record<string, Handler> = {}) {
  return renderApp('/o/org-acme/s/space-1', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'spaces.get': () => ({ id: 'space-1', title: 'Handbook', emoji: '', changeRequestsOpen: 0 }),
    'spaces.content.pages.list': () => ({
      pages: [
        treePage('page-start', 'Getting started', 'getting-started', [
          treePage('page-install', 'Install', 'getting-started/install'),
        ]),
        treePage('page-faq', 'FAQ about installing', 'faq'),
      ],
    }),
    'spaces.content.page.get': () => ({
      id: 'page-start',
      title: 'Getting started',
      markdown: 'Welcome.',
      pages: [],
    }),
    'spaces.content.path.get': () => ({
      id: 'page-install',
      title: 'Install',
      path: 'getting-started/install',
      markdown: INSTALL_MARKDOWN,
      pages: [],
    }),
    'spaces.comments.list': () => page([]),
    'spaces.search': () => ({ items: [INSTALL_RESULT, FAQ_RESULT], count: 2 }),
    ...handlers,
  });
}

const spaceSearchBox = () => screen.findByRole('combobox', { name: 'Search Handbook' });

describe('marking the words a query matched', () => {
  it('marks the start of each word that begins with a term, whatever the case or accents', () => {
    const marked = (text: string, query: string) =>
      highlightedSegments(text, query)
        .filter((segment) => segment.matched)
        .map((segment) => segment.text);
    expect(marked('Run pnpm INSTALL, then Install the server', 'inst serv')).toEqual([
      'INST',
      'Inst',
      'serv',
    ]);
    expect(marked('Élan et élégance', 'ele')).toEqual(['élé']);
    expect(marked('reinstall', 'install')).toEqual([]);
    expect(marked('no match here', '')).toEqual([]);
    // The whole text survives, in order.
    expect(
      highlightedSegments('Run pnpm install.', 'pnpm inst')
        .map((segment) => segment.text)
        .join(''),
    ).toBe('Run pnpm install.');
  });
});

describe('the search of a space', () => {
  it('shows the results as you type, the words typed marked, and sends no query under 2 characters', async () => {
    const user = userEvent.setup();
    const { calls } = openSpace();
    const box = await spaceSearchBox();
    await user.type(box, 'i');
    await user.type(box, 'nst serv');
    const results = await screen.findByRole('listbox', { name: 'Results for inst serv' });
    const options = await within(results).findAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveTextContent('Install › Install the server');
    expect(options[0]).toHaveTextContent('Run pnpm install, then start the server.');
    expect(Array.from(options[0]!.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([
      'Inst',
      'Inst',
      'serv',
      'inst',
      'serv',
    ]);
    // A page with no matching section is one result, the page itself.
    expect(options[2]).toHaveTextContent('FAQ about installing');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const sent = callsTo(calls, 'spaces.search').map((call) => (call.input as { query: string }).query);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((query) => query.length >= 2)).toBe(true);
    expect(callsTo(calls, 'spaces.search').at(-1)!.input).toEqual({
      spaceId: 'space-1',
      query: 'inst serv',
      limit: 8,
    });
  });

  it('moves through the results with the arrow keys and opens one with Enter, at its heading', async () => {
    const user = userEvent.setup();
    scrolled.length = 0;
    const { app } = openSpace();
    const box = await spaceSearchBox();
    await user.type(box, 'install');
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Install' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme/s/space-1/getting-started/install');
    expect(app.router.state.location.hash).toBe('upgrading');
    expect(screen.getByRole('heading', { level: 2, name: 'Upgrading' })).toHaveAttribute('id', 'upgrading');
    await waitFor(() => expect(scrolled).toContain('upgrading'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a result clicked', async () => {
    const user = userEvent.setup();
    const { app } = openSpace();
    await user.type(await spaceSearchBox(), 'install');
    await user.click(await screen.findByRole('option', { name: /Install the server/ }));
    await screen.findByRole('heading', { level: 2, name: 'Install the server' });
    expect(app.router.state.location.hash).toBe('install-the-server');
  });

  it('closes the results with Escape, then clears the field', async () => {
    const user = userEvent.setup();
    openSpace();
    const box = await spaceSearchBox();
    await user.type(box, 'install');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('install');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('says when nothing is found, and shows the server refusal', async () => {
    const user = userEvent.setup();
    let refuse = false;
    openSpace({
      'spaces.search': () => {
        if (refuse) throw refusal(400, 'invalid_input', 'query: must contain a letter or a digit');
        return { items: [], count: 0 };
      },
    });
    const box = await spaceSearchBox();
    await user.type(box, 'zebra');
    await screen.findByText('Nothing found for “zebra”');
    refuse = true;
    await user.type(box, 's');
    await screen.findByText('query: must contain a letter or a digit');
  });
});

describe('the search of an organization', () => {
  it('shows the pages found in each space, with the space named, and opens one', async () => {
    const user = userEvent.setup();
    const { app, calls } = renderApp('/o/org-acme', {
      'session.current': () => SESSION,
      'orgs.get': () => ({ ...ACME, permissions: { admin: true } }),
      'orgs.list': () => page([ACME]),
      'collections.list': () => page([]),
      'spaces.list': () => page([]),
      'spaces.searchInOrganization': () => ({
        items: [{ id: 'space-1', title: 'Handbook', pages: [INSTALL_RESULT] }],
        count: 1,
      }),
      'spaces.get': () => ({ id: 'space-1', title: 'Handbook', emoji: '', changeRequestsOpen: 0 }),
      'spaces.content.pages.list': () => ({ pages: [] }),
      'spaces.content.path.get': () => ({
        id: 'page-install',
        title: 'Install',
        markdown: INSTALL_MARKDOWN,
        pages: [],
      }),
      'spaces.comments.list': () => page([]),
    });
    const box = await screen.findByRole('combobox', { name: 'Search the organization' });
    await user.type(box, 'server');
    const first = await screen.findByRole('option', { name: /Install the server/ });
    expect(first).toHaveTextContent('Handbook › Install › Install the server');
    // The fake answers every query alike: on a busy machine a search of the first letters can
    // show the option before the whole word's search is sent. The last search is the word's.
    await waitFor(() =>
      expect(callsTo(calls, 'spaces.searchInOrganization').at(-1)!.input).toEqual({
        organizationId: 'org-acme',
        query: 'server',
        limit: 5,
      }),
    );
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Install the server' });
    expect(app.router.state.location.pathname).toBe('/o/org-acme/s/space-1/getting-started/install');
    expect(app.router.state.location.hash).toBe('install-the-server');
  });
});

describe('the anchors of headings', () => {
  it("gives a page's headings the anchors the server gives its sections", () => {
    const markdown = [
      '# Getting started',
      '## Install the server',
      '## Install the server',
      '### Ça marche: déjà vu?',
      '## `pnpm` & Node.js 20!',
      '## ***',
      '> ## Quoted heading',
      '## Install the server',
    ].join('\n\n');
    const { container } = render(<Markdown text={markdown} anchors />);
    const ids = Array.from(container.querySelectorAll('h1, h2, h3'), (heading) => heading.id).filter(Boolean);
    const anchors = markdownSections(markdown).flatMap((section) =>
      section.heading ? [section.heading.anchor] : [],
    );
    expect(ids).toEqual(anchors);
    expect(ids).toContain('install-the-server-1');
  });
});
