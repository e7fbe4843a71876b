/**
 * The organization's Ask box (issue 32, item 4): the question goes to `orgs.ask`, the answer
 * shows as text (a model's markup is not rendered) with the cited pages linked at their paths
 * in the app; a server without a provider says so in the box.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, type Handler, refusal, renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

function openOrganization(ask: Handler) {
  return renderApp('/o/org-acme', {
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'collections.list': () => page([]),
    'spaces.list': () => page([]),
    'orgs.ask': ask,
    'spaces.content.page.get': () => ({
      id: 'page-install',
      title: 'Install',
      path: 'getting-started/install',
    }),
  });
}

async function ask(question: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByText('Ask', { selector: 'summary' }));
  await user.type(screen.getByRole('textbox', { name: 'Ask a question about the docs' }), question);
  await user.click(screen.getByRole('button', { name: 'Ask' }));
}

describe('the Ask box', () => {
  it('shows the answer as text and links the cited pages', async () => {
    const { calls } = openOrganization(() => ({
      answer: {
        answer: { markdown: 'Run <b>pnpm</b> install [1].' },
        followupQuestions: [],
        sources: [{ type: 'page', page: 'page-install', revision: 'rev-1', space: 'space-1', sections: [] }],
      },
    }));
    await ask('How do I install?');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(within(answer).getByText('Run <b>pnpm</b> install [1].')).toBeTruthy();
    const source = await within(answer).findByRole('link', { name: 'Install' });
    expect(source.getAttribute('href')).toBe('/o/org-acme/s/space-1/getting-started/install');
    expect(callsTo(calls, 'orgs.ask').map((call) => call.input)).toEqual([
      { organizationId: 'org-acme', query: 'How do I install?' },
    ]);
  });

  it('says what the server says when it cannot answer', async () => {
    openOrganization(() => {
      throw refusal(400, 'validation', 'No AI provider is configured on this server');
    });
    await ask('How do I install?');
    expect(await screen.findByText(/No AI provider is configured/)).toBeTruthy();
  });
});
