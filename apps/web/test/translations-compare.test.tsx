/**
 * A translation side by side with its source: the source's pages to pick from (the first
 * by default, `?page=` otherwise), the picked page in both columns with its title and text,
 * and a page the result does not have yet (or no result yet) said to be not translated yet.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION, treePage } from './support/fixtures';

const TREE = [
  treePage('page-start', 'Getting started', 'getting-started', [
    treePage('page-install', 'Install', 'getting-started/install'),
  ]),
  treePage('page-faq', 'FAQ', 'faq'),
];

const SOURCE: Record<string, { title: string; markdown: string }> = {
  'page-start': { title: 'Getting started', markdown: 'Quire keeps your **docs**.\n' },
  'page-install': { title: 'Install', markdown: 'Run `pnpm start`.\n' },
  'page-faq': { title: 'FAQ', markdown: 'Questions and answers.\n' },
};
// The result has no FAQ yet: it was added to the source after the last run.
const TRANSLATED: Record<string, { title: string; markdown: string }> = {
  'page-start': { title: 'Bien démarrer', markdown: 'Quire garde vos **docs**.\n' },
  'page-install': { title: 'Installer', markdown: 'Lancez `pnpm start`.\n' },
};

const TRANSLATION = {
  object: 'translation',
  id: 'tr-fr',
  status: 'completed',
  source: { space: 'space-1', language: 'en' },
  language: 'fr',
  instructions: { object: 'document', data: {}, nodes: [] },
  result: { space: 'space-fr', revision: 'rev-1' },
  stats: {
    runs: 1,
    totalWords: 9,
    totalPages: 2,
    totalDuration: 1,
    latestRunDuration: 1,
    latestPages: 2,
    latestWords: 9,
  },
  job: 'job-1',
  permissions: { view: true, edit: true },
};

function pageOf(spaceId: string, pageId: string) {
  const pages = spaceId === 'space-fr' ? TRANSLATED : SOURCE;
  const found = pages[pageId];
  if (!found) throw refusal(404, 'not_found', 'Page not found');
  return { id: pageId, title: found.title, markdown: found.markdown, emoji: '', description: '' };
}

function openCompare(path: string, handlers: Record<string, Handler> = {}) {
  return renderApp(path, {
    'session.current': () => SESSION,
    'orgs.list': () => page([ACME]),
    'orgs.get': () => ACME,
    'spaces.get': () => ({ id: 'space-1', title: 'Handbook', emoji: '', changeRequestsOpen: 0 }),
    'spaces.content.pages.list': () => ({ pages: TREE }),
    'translations.get': () => TRANSLATION,
    'spaces.content.page.get': (input) => {
      const { spaceId, pageId } = input as { spaceId: string; pageId: string };
      return pageOf(spaceId, pageId);
    },
    ...handlers,
  });
}

const column = (name: RegExp) => screen.findByRole('region', { name });

describe('a translation side by side', () => {
  it('shows the first page in both columns, titles and text', async () => {
    openCompare('/o/org-acme/s/space-1/~/translations/tr-fr');
    expect(await screen.findByRole('heading', { level: 1, name: /French translation/ })).toBeInTheDocument();
    const source = await column(/Source \(English\)/);
    const translated = await column(/Translation \(French\)/);
    expect(await within(source).findByRole('heading', { name: 'Getting started' })).toBeInTheDocument();
    expect(await within(translated).findByRole('heading', { name: 'Bien démarrer' })).toBeInTheDocument();
    expect(translated).toHaveTextContent('Quire garde vos docs.');
    expect(within(translated).getByText('docs').tagName).toBe('STRONG');
    const pages = screen.getByRole('navigation', { name: 'Pages of the source' });
    expect(within(pages).getByRole('link', { name: 'Getting started' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('picks a page from the list, by its id in the address', async () => {
    const user = userEvent.setup();
    const { app } = openCompare('/o/org-acme/s/space-1/~/translations/tr-fr');
    const pages = await screen.findByRole('navigation', { name: 'Pages of the source' });
    const install = within(pages).getByRole('link', { name: 'Install' });
    expect(install).toHaveAttribute('href', '/o/org-acme/s/space-1/~/translations/tr-fr?page=page-install');
    await user.click(install);
    await waitFor(() => expect(app.router.state.location.search).toEqual({ page: 'page-install' }));
    const translated = await column(/Translation \(French\)/);
    expect(await within(translated).findByRole('heading', { name: 'Installer' })).toBeInTheDocument();
    expect(within(await column(/Source/)).getByRole('heading', { name: 'Install' })).toBeInTheDocument();
    expect(install).toHaveAttribute('aria-current', 'page');
  });

  it('says a page the result does not have is not translated yet', async () => {
    openCompare('/o/org-acme/s/space-1/~/translations/tr-fr?page=page-faq');
    const source = await column(/Source/);
    expect(await within(source).findByRole('heading', { name: 'FAQ' })).toBeInTheDocument();
    const translated = await column(/Translation/);
    expect(
      await within(translated).findByText('Not translated yet — run the translation'),
    ).toBeInTheDocument();
  });

  it('says nothing is translated before a run made the result', async () => {
    const { calls } = openCompare('/o/org-acme/s/space-1/~/translations/tr-fr', {
      'translations.get': () => ({ ...TRANSLATION, status: 'pending', result: undefined, job: undefined }),
    });
    const translated = await column(/Translation/);
    expect(
      await within(translated).findByText('Not translated yet — run the translation'),
    ).toBeInTheDocument();
    await within(await column(/Source/)).findByRole('heading', { name: 'Getting started' });
    expect(
      calls
        .filter((call) => call.path === 'spaces.content.page.get')
        .map((call) => (call.input as { spaceId: string }).spaceId),
    ).toEqual(['space-1']);
  });
});
