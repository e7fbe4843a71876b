/**
 * The readers' tools through real HTTP (issue 29, item 6): the search box's markup and its
 * suggestions (the site search as the visitor: results to the heading, the site space read, only
 * what the visitor may read), copy page and view as markdown, page feedback shown when the site
 * asks for it, and the page's events (a view, a rating, a comment) recorded through the insights
 * operation — counted as the site's insights show them, nothing for a bot, a bad event refused
 * naming its field, nothing for a visitor the site does not let in, and the same at a proxy's
 * address. And a change request's preview (item 8): its revision in the reader's frame for a
 * member who may read it, never cached nor indexed; a 404 for anyone else, nothing cached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlProblems } from '../../../../packages/reader/test/support/well-formed';
import { rowsOf } from '../insights/insights-support';
import { TestBrowser } from '../sessions/test-browser';
import { addMember, createOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import { getPage, postPage, type ReaderFixture, readerFixture } from './reader-fixture';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read freely
type Json = any;

let server: TestServer;
let f: ReaderFixture;
beforeAll(async () => {
  server = await startTestServer();
  f = await readerFixture(server);
});
afterAll(() => server.close());

const events = () => `${f.base}~reader/events`;
const suggestions = (query: string, base = f.base) => `${base}~reader/search?q=${encodeURIComponent(query)}`;

/** The site's counters of an event type by page and rating, as its admin reads them. */
async function counted(type: string): Promise<Json[]> {
  const now = server.clock.now().getTime();
  const day = 24 * 60 * 60 * 1000;
  const answer = await f.admin('POST', `${f.site}/insights/events/aggregate`, {
    select: [{ column: 'page' }, { column: 'eventPageFeedbackRating' }, { column: 'eventsCount' }],
    where: [{ column: 'eventType', values: [type] }],
    range: { from: new Date(now - day).toISOString(), to: new Date(now + day).toISOString() },
  });
  return rowsOf(answer);
}

const viewsOf = async (pageId: string): Promise<number> =>
  (await counted('page_view'))
    .filter((row) => row.page?.page === pageId)
    .reduce((sum, row) => sum + row.eventsCount, 0);

describe('the search box', () => {
  it('is a search form to the search page, with the suggestions the script fills', async () => {
    const page = await getPage(server, f.base);
    expect(htmlProblems(page.body)).toEqual([]);
    const form = /<form class="search"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain(`action="${f.base}" method="get"`);
    expect(form).toContain(`data-suggestions="${f.base}~reader/search"`);
    expect(page.body).toContain('role="listbox" aria-label="Suggestions" hidden=""');
    // Without the script, the form's query is the search page.
    const searched = await getPage(server, `${f.base}?q=installer`);
    expect(searched.status).toBe(200);
    expect(searched.body).toContain(`<a href="${f.base}guides/every-block/install">Install</a>`);
  });

  it("suggests the site space's pages and their headings, as JSON, never cached", async () => {
    const answer = await getPage(server, suggestions('endpoints', `${f.base}api/`), {
      accept: 'application/json',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const found = JSON.parse(answer.body);
    expect(found.query).toBe('endpoints');
    expect(found.results).toEqual([
      {
        title: 'Reference',
        href: `${f.base}api/reference`,
        sections: [expect.objectContaining({ title: 'Endpoints', href: `${f.base}api/reference#endpoints` })],
      },
    ]);
    // The site space read is the one searched: the docs have no such page.
    const docs = JSON.parse((await getPage(server, suggestions('endpoints'))).body);
    expect(docs.results).toEqual([]);
    const empty = JSON.parse((await getPage(server, suggestions('  '))).body);
    expect(empty).toEqual({ query: '', results: [] });
  });
});

describe('copy page and view as markdown', () => {
  it("links the page's markdown, and the copy button the script shows copies that", async () => {
    const page = await getPage(server, `${f.base}guides/every-block/install`);
    const markdown = `${f.base}guides/every-block/install.md`;
    expect(page.body).toContain(
      `<button type="button" class="page-action" data-copy-page="${markdown}" hidden="">Copy page</button>`,
    );
    expect(page.body).toContain(
      `<a class="page-action" href="${markdown}" type="text/markdown">View as markdown</a>`,
    );
    const read = await getPage(server, markdown);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toMatch(/^text\/markdown/);
    expect(read.body).toContain('# Install');
  });
});

describe('page feedback and page views', () => {
  it('asks "Was this page helpful?" only when the site gathers feedback', async () => {
    const before = await getPage(server, f.base);
    expect(before.body).not.toContain('data-feedback');
    expect(before.body).toContain(
      `<body data-events="${f.base}~reader/events" data-page="${f.pages.intro}">`,
    );
    const current = await f.admin('GET', `${f.site}/customization`);
    await f.admin('PUT', `${f.site}/customization`, { ...current, feedback: { enabled: true } });
    const after = await getPage(server, f.base);
    expect(htmlProblems(after.body)).toEqual([]);
    expect(after.body).toContain('<form class="page-feedback" data-feedback="true" hidden=""');
    expect(after.body).toContain('Was this page helpful?');
    for (const rating of ['good', 'ok', 'bad']) expect(after.body).toContain(`data-rating="${rating}"`);
    expect(after.body).toContain('<textarea id="feedback-comment" name="comment" rows="3" maxLength="512">');
  });

  it('records a view, a rating and a comment through the insights operation', async () => {
    const viewsBefore = await viewsOf(f.pages.install);
    const sent = await postPage(server, events(), { type: 'page_view', page: f.pages.install });
    expect(sent.status, sent.body).toBe(204);
    expect(sent.headers['set-cookie']).toBeUndefined();
    expect(await viewsOf(f.pages.install)).toBe(viewsBefore + 1);

    expect(
      (await postPage(server, events(), { type: 'page_post_feedback', page: f.pages.install, rating: 'bad' }))
        .status,
    ).toBe(204);
    expect(
      (
        await postPage(server, events(), {
          type: 'page_post_feedback_comment',
          page: f.pages.install,
          rating: 'bad',
          comment: 'The installer needs a step for proxies.',
        })
      ).status,
    ).toBe(204);
    expect(await counted('page_post_feedback')).toEqual([
      {
        page: { page: f.pages.install, space: f.spaces.docs },
        eventPageFeedbackRating: 'bad',
        eventsCount: 1,
      },
    ]);
    const comments = await counted('page_post_feedback_comment');
    expect(comments).toEqual([expect.objectContaining({ eventPageFeedbackRating: 'bad' })]);
  });

  it('counts nothing for a bot or a prefetch, and refuses a bad event naming its field', async () => {
    const before = await viewsOf(f.pages.intro);
    const view = { type: 'page_view', page: f.pages.intro };
    expect((await postPage(server, events(), view, { 'user-agent': 'Googlebot/2.1' })).status).toBe(204);
    expect((await postPage(server, events(), view, { 'sec-purpose': 'prefetch' })).status).toBe(204);
    expect(await viewsOf(f.pages.intro)).toBe(before);

    const refused = async (body: unknown, field: string) => {
      const answer = await postPage(server, events(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(field);
      expect(answer.body).not.toContain('"stack"');
    };
    await refused({ type: 'page_view', page: 'no-such-page' }, 'page');
    await refused({ type: 'ask_question', page: f.pages.intro }, 'type');
    await refused({ type: 'page_post_feedback', page: f.pages.intro }, 'rating');
    await refused({ type: 'page_post_feedback', page: f.pages.intro, rating: 'great' }, 'rating');
    await refused({ type: 'page_post_feedback_comment', page: f.pages.intro, rating: 'ok' }, 'comment');
    await refused(
      { type: 'page_post_feedback_comment', page: f.pages.intro, rating: 'ok', comment: 'x'.repeat(513) },
      'comment',
    );
    await refused({ ...view, extra: 1 }, 'extra');
    expect((await postPage(server, events(), 'page_view', { 'content-type': 'text/plain' })).status).toBe(
      415,
    );
    expect((await postPage(server, events(), { ...view, pad: 'x'.repeat(5000) })).status).toBe(413);
    expect(await viewsOf(f.pages.intro)).toBe(before);
    // Only the events path takes a POST.
    expect((await postPage(server, `${f.base}guides`, view)).status).toBe(404);
  });

  it("records a proxy's visitor's view, read from the proxy's address", async () => {
    await f.admin('PATCH', f.site, { proxy: 'www.tools-proxy.com/docs' });
    try {
      const before = await viewsOf(f.pages.every);
      const page = await getPage(server, '/docs/guides/every-block', { host: 'www.tools-proxy.com' });
      expect(page.body).toContain('data-events="/docs/~reader/events"');
      const sent = await postPage(
        server,
        '/docs/~reader/events',
        { type: 'page_view', page: f.pages.every },
        { host: 'www.tools-proxy.com' },
      );
      expect(sent.status, sent.body).toBe(204);
      expect(await viewsOf(f.pages.every)).toBe(before + 1);
    } finally {
      await f.admin('PATCH', f.site, { proxy: null });
    }
  });

  it('takes nothing from a visitor the site does not let in (share-link site, no key)', async () => {
    await f.admin('PATCH', f.site, { visibility: 'share-link' });
    try {
      const before = await viewsOf(f.pages.intro);
      const sent = await postPage(server, events(), { type: 'page_view', page: f.pages.intro });
      expect(sent.status).toBe(404);
      expect(await viewsOf(f.pages.intro)).toBe(before);
      expect((await getPage(server, suggestions('handbook'))).status).toBe(404);
    } finally {
      await f.admin('PATCH', f.site, { visibility: 'public' });
    }
  });
});

describe("the not-found page's view (issue 29's known gap)", () => {
  it('counts a reader who hits a broken link: a page view with the path and no page', async () => {
    const missing = `${f.base}guides/no-such-page`;
    const shown = await getPage(server, missing);
    expect(shown.status).toBe(404);
    // Its script posts the view (no page id on the page: the view names the path).
    expect(shown.body).toContain(`<body data-events="${f.base}~reader/events">`);
    expect(shown.body).not.toContain('data-page=');
    const missed = async () =>
      (await counted('page_view')).filter((row) => !row.page).reduce((sum, row) => sum + row.eventsCount, 0);
    const before = await missed();
    const sent = await postPage(server, events(), { type: 'page_view', page: null, path: missing });
    expect(sent.status, sent.body).toBe(204);
    expect(await missed()).toBe(before + 1);
    // A bot's is not counted; a view of a missing page names a path of this site space, and only a view.
    expect(
      (
        await postPage(
          server,
          events(),
          { type: 'page_view', page: null, path: missing },
          { 'user-agent': 'Googlebot/2.1' },
        )
      ).status,
    ).toBe(204);
    const refused = async (body: unknown, field: string) => {
      const answer = await postPage(server, events(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toContain(field);
      expect(answer.body).not.toContain('"stack"');
    };
    await refused({ type: 'page_view', page: null }, 'path');
    await refused({ type: 'page_post_feedback', page: null, path: missing, rating: 'bad' }, 'page');
    await refused({ type: 'page_view', page: f.pages.intro, path: missing }, 'path');
    await refused({ type: 'page_view', page: null, path: '/elsewhere/no-such-page' }, 'path');
    await refused({ type: 'page_view', page: null, path: 'https://evil.example/x' }, 'path');
    await refused({ type: 'page_view', page: null, path: `${missing}?q=1` }, 'path');
    await refused({ type: 'page_view', page: null, path: `${f.base}/evil.example` }, 'path');
    await refused({ type: 'page_view', page: null, path: `/${'x'.repeat(2048)}` }, 'path');
    expect(await missed()).toBe(before + 1);
  });
});

describe("a change request's preview", () => {
  /** A browser signed in with the API token's user (the web app's session cookie). */
  const signedIn = async (token: string): Promise<TestBrowser> => {
    const browser = new TestBrowser(server);
    const answer = await browser.mutate('session.signInWithToken', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return browser;
  };

  it('shows the change request as the site would, to a member who may read it, never cached', async () => {
    const created = await f.admin('POST', `/v1/spaces/${f.spaces.docs}/change-requests`, {
      subject: 'Proxies',
    });
    await f.admin('POST', `/v1/spaces/${f.spaces.docs}/change-requests/${created.id}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.pages.install,
          document: { markdown: 'Run the installer behind a proxy too.\n' },
        },
      ],
    });
    const preview = `/~preview/${f.spaces.docs}/${created.number}/guides/every-block/install`;
    const admin = await signedIn(f.org.admin.token);
    const shown = await admin.request(preview, { headers: { accept: 'text/html' } });
    expect(shown.status, String(shown.body).slice(0, 300)).toBe(200);
    const html = String(shown.body);
    expect(htmlProblems(html)).toEqual([]);
    expect(html).toContain('Run the installer behind a proxy too.');
    expect(html).toContain(`Preview of change request #${created.number}: Proxies. Not published.`);
    // The site's frame: its title and its page tree, at the preview's paths.
    expect(html).toContain('<span>Handbook</span>');
    expect(html).toContain(
      `<a href="/~preview/${f.spaces.docs}/${created.number}/introduction">Introduction</a>`,
    );
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex');
    // No search, no readers' tools: a preview is not reading.
    expect(html).not.toContain('data-events');
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain('View as markdown');
    // By its id too; and the published site still shows the published page.
    expect(
      (await admin.request(`/~preview/${f.spaces.docs}/${created.id}/`, { headers: { accept: 'text/html' } }))
        .status,
    ).toBe(200);
    const published = await getPage(server, `${f.base}guides/every-block/install`);
    expect(published.body).toContain('Run the installer.');
    expect(published.body).not.toContain('behind a proxy');

    // A member with the organization's read role reads it too. A guest of the organization (no
    // role: the space is not shown to them, its change requests answer them 403 through the
    // API), another organization's admin, nobody signed in, an unknown change request or page:
    // the same 404, never cached.
    const reader = await addMember(server, f.org.organization.id, 'read');
    expect((await (await signedIn(reader.token)).request(preview)).status).toBe(200);
    const guest = await addMember(server, f.org.organization.id, null);
    const viaApi = await server.api(`/v1/spaces/${f.spaces.docs}/change-requests/${created.id}`, {
      token: guest.token,
    });
    expect([403, 404]).toContain(viaApi.status);
    const member = await (await signedIn(guest.token)).request(preview, { headers: { accept: 'text/html' } });
    expect(member.status).toBe(404);
    const stranger = await signedIn((await createOrganization(server)).admin.token);
    const refused = await stranger.request(preview, { headers: { accept: 'text/html' } });
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(String(refused.body)).not.toContain('proxy');
    expect(String(member.body)).toBe(String(refused.body));
    const anonymous = await getPage(server, preview);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toBe(String(refused.body));
    for (const path of [
      `/~preview/${f.spaces.docs}/999/`,
      `/~preview/${f.spaces.docs}/${created.number}/no-such-page`,
      `/~preview/${f.spaces.docs}/${created.number}/guides%2Fevery-block`,
      `/~preview/nothing/1/`,
    ]) {
      const answer = await admin.request(path, { headers: { accept: 'text/html' } });
      expect(answer.status, path).toBe(404);
      expect(String(answer.body)).toBe(String(refused.body));
    }
  });
});

describe("a change request's preview on the site one chooses (issue 29's known gap)", () => {
  const signedIn = async (token: string): Promise<TestBrowser> => {
    const browser = new TestBrowser(server);
    const answer = await browser.mutate('session.signInWithToken', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return browser;
  };

  it('is framed by the chosen site showing the space, a 404 for any site the member may not see', async () => {
    const orgPath = `/v1/orgs/${f.org.organization.id}`;
    const second = await f.admin('POST', `${orgPath}/sites`, { title: 'Partner portal' });
    await f.admin('POST', `${orgPath}/sites/${second.id}/sections`, { spaceId: f.spaces.docs });
    const unrelated = await f.admin('POST', `${orgPath}/sites`, { title: 'Unrelated' });
    const created = await f.admin('POST', `/v1/spaces/${f.spaces.docs}/change-requests`, {
      subject: 'Sites',
    });
    const base = `/~preview/${f.spaces.docs}/${created.number}/`;
    const admin = await signedIn(f.org.admin.token);
    const html = async (path: string, browser = admin) => {
      const answer = await browser.request(path, { headers: { accept: 'text/html' } });
      return { status: answer.status, body: String(answer.body) };
    };

    // No choice: the first site showing the space (as before).
    expect((await html(`${base}introduction`)).body).toContain('<span>Handbook</span>');
    // The chosen one: its frame, and its tree's links keep the choice.
    const chosen = await html(`${base}~site/${second.id}/introduction`);
    expect(chosen.status, chosen.body.slice(0, 300)).toBe(200);
    expect(htmlProblems(chosen.body)).toEqual([]);
    expect(chosen.body).toContain('<span>Partner portal</span>');
    expect(chosen.body).not.toContain('<span>Handbook</span>');
    expect(chosen.body).toContain(`<a href="${base}~site/${second.id}/guides/every-block">Every block</a>`);
    expect(chosen.body).toContain(`Preview of change request #${created.number}: Sites. Not published.`);
    expect((await html(`${base}~site/${f.siteId}/`)).body).toContain('<span>Handbook</span>');

    // A site that does not show the space, another organization's, an unknown one, none named:
    // the same plain 404 as no change request.
    const refused = await html(`/~preview/${f.spaces.docs}/999/`);
    expect(refused.status).toBe(404);
    const other = await createOrganization(server);
    const othersSite = await server.api(`/v1/orgs/${other.organization.id}/sites`, {
      method: 'POST',
      token: other.admin.token,
      body: { title: 'Elsewhere' },
    });
    expect(othersSite.status).toBe(201);
    for (const path of [
      `${base}~site/${unrelated.id}/`,
      `${base}~site/${othersSite.body.id}/`,
      `${base}~site/no-such-site/`,
      `${base}~site/`,
    ]) {
      const answer = await html(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toBe(refused.body);
    }
    // A guest of the organization (sees no site, reads no change request): the same 404.
    const guest = await addMember(server, f.org.organization.id, null);
    const asGuest = await html(`${base}~site/${second.id}/`, await signedIn(guest.token));
    expect(asGuest.status).toBe(404);
    expect(asGuest.body).toBe(refused.body);
    await f.admin('DELETE', `${orgPath}/sites/${second.id}`);
    await f.admin('DELETE', `${orgPath}/sites/${unrelated.id}`);
  });
});

describe('a mention of a person (issue 27, item 2)', () => {
  it("shows the name the page's text gives them in the HTML and the markdown, else @user, never the id", async () => {
    await f.admin('POST', `/v1/spaces/${f.spaces.docs}/content`, {
      changes: [
        {
          operation: 'insert_page',
          title: 'People',
          document: {
            markdown:
              'Ask [Grace *Hopper*](https://app.gitbook.com/u/u-grace "mention") or ' +
              '[https://app.gitbook.com/u/u-nameless](https://app.gitbook.com/u/u-nameless "mention").\n',
          },
        },
      ],
    });
    const page = await getPage(server, `${f.base}people`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Ask <span class="mention mention-user">@Grace Hopper</span> or ');
    expect(page.body).toContain('<span class="mention mention-user">@user</span>.');
    const read = await getPage(server, `${f.base}people.md`);
    expect(read.status).toBe(200);
    expect(read.body).toContain('Ask @Grace Hopper or @user.');
    for (const body of [page.body, read.body]) {
      expect(body).not.toContain('u-grace');
      expect(body).not.toContain('u-nameless');
    }
  });
});
