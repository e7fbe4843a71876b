/**
 * The organization's Ask box (issue 32, item 4): the question goes to `GET ORG/ask/stream`
 * (a stubbed `fetch` answers its server-sent events), the answer shows as text as it arrives (a
 * model's markup is not rendered) with the cited pages linked at their paths in the app; a
 * server without a provider says so in the box.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './support/fake-server';
import { ACME, page, SESSION } from './support/fixtures';

/** `fetch` answering the stream route with `answer` (a response), recording the URLs asked and the CSRF headers sent. */
function stubFetch(answer: () => Response): string[] & { csrf: Array<string | undefined> } {
  const asked = Object.assign([] as string[], { csrf: [] as Array<string | undefined> });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(url);
    asked.csrf.push((init?.headers as Record<string, string> | undefined)?.['x-quire-csrf']);
    return answer();
  });
  return asked;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const eventStream = (...events: string[]) =>
  new Response(events.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
const answerEvent = (answer: unknown) => `data: ${JSON.stringify({ type: 'answer', answer })}\n\n`;

function openOrganization(questions: string[] = []) {
  return renderApp('/o/org-acme', {
    'orgs.askQuestions': () => ({ questions }),
    'session.current': () => SESSION,
    'orgs.get': () => ACME,
    'orgs.list': () => page([ACME]),
    'collections.list': () => page([]),
    'spaces.list': () => page([]),
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
  it('shows the answer as text as it is written, and links the cited pages', async () => {
    const sources = [
      { type: 'page', page: 'page-install', revision: 'rev-1', space: 'space-1', sections: [] },
    ];
    const asked = stubFetch(() =>
      eventStream(
        answerEvent({ answer: { markdown: 'Run <b>pnpm</b>' }, followupQuestions: [], sources: [] }),
        answerEvent({ answer: { markdown: 'Run <b>pnpm</b> install [1].' }, followupQuestions: [], sources }),
      ),
    );
    openOrganization();
    await ask('How do I install?');
    const answer = await screen.findByRole('region', { name: 'Answer' });
    expect(await within(answer).findByText('Run <b>pnpm</b> install [1].')).toBeTruthy();
    const source = await within(answer).findByRole('link', { name: 'Install' });
    expect(source.getAttribute('href')).toBe('/o/org-acme/s/space-1/getting-started/install');
    expect([...asked]).toEqual(['/v1/orgs/org-acme/ask/stream?query=How%20do%20I%20install%3F']);
    // A question spends the person's budget: the server wants the session's CSRF token with it.
    expect(asked.csrf).toEqual([SESSION.csrfToken]);
  });

  it('says what the server says when it cannot answer, before the stream or in it', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ error: { code: 400, message: 'No AI provider is configured on this server' } }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    openOrganization();
    await ask('How do I install?');
    expect(await screen.findByText(/No AI provider is configured/)).toBeTruthy();
  });

  it('shows an error event in words', async () => {
    stubFetch(() =>
      eventStream(
        answerEvent({ answer: { markdown: 'Run' }, followupQuestions: [], sources: [] }),
        `event: error\ndata: ${JSON.stringify({ error: { code: 503, message: 'The AI provider failed' } })}\n\n`,
      ),
    );
    openOrganization();
    await ask('How do I install?');
    expect((await screen.findByRole('alert')).textContent).toContain('The AI provider failed');
  });

  it('offers the recommended questions while nothing is asked, and asks the one chosen', async () => {
    const asked = stubFetch(() =>
      eventStream(answerEvent({ answer: { markdown: 'Run it.' }, followupQuestions: [], sources: [] })),
    );
    openOrganization(['How do I install Quire?', 'Where are sites read?']);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Ask', { selector: 'summary' }));
    const suggested = await screen.findByRole('region', { name: 'Suggested questions' });
    await user.click(within(suggested).getByRole('button', { name: 'How do I install Quire?' }));
    expect(await screen.findByText('Run it.')).toBeTruthy();
    expect([...asked]).toEqual(['/v1/orgs/org-acme/ask/stream?query=How%20do%20I%20install%20Quire%3F']);
    expect(screen.queryByRole('region', { name: 'Suggested questions' })).toBeNull();
  });
});
