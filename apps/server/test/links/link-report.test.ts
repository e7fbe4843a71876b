/**
 * Link reports and backlinks through real HTTP: the classification of every kind of link
 * (ok and broken), a change request that breaks a link, backlinks after edits, paging and
 * the `status` filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function call(token: string, method: string, path: string, body?: unknown): Promise<Json> {
  const response = await server.api(path, body === undefined ? { method, token } : { method, token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

interface Fixture {
  org: TestOrganization;
  token: string;
  spaceId: string;
  otherSpaceId: string;
  page: Record<string, string>;
  fileId: string;
  downloadURL: string;
}

/** A space with pages Home, Guide (with subpage Setup) and a file logo.png; Home's body is set by each test. */
async function fixture(): Promise<Fixture> {
  const org = await createOrganization(server);
  const token = org.admin.token;
  const space = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Docs' });
  const other = await call(token, 'POST', `/v1/orgs/${org.organization.id}/spaces`, { title: 'Other' });
  const inserted = await call(token, 'POST', `/v1/spaces/${space.id}/content`, {
    changes: [
      {
        operation: 'insert_files',
        files: [{ name: 'logo.png', contentType: 'image/png', base64: PNG.toString('base64') }],
      },
      { operation: 'insert_page', title: 'Home', document: { markdown: 'home' } },
      {
        operation: 'insert_page',
        ref: 'guide',
        title: 'Guide',
        document: { markdown: '# Install it\n\nguide' },
      },
      {
        operation: 'insert_page',
        into: 'guide',
        title: 'Setup',
        document: { markdown: '## Step one\n\nsetup' },
      },
    ],
  });
  const content = await call(token, 'GET', `/v1/spaces/${space.id}/content`);
  const page: Record<string, string> = {};
  const walk = (pages: Json[]) => {
    for (const p of pages) {
      page[p.title] = p.id;
      walk(p.pages);
    }
  };
  walk(content.pages);
  const file = content.files[0] ?? inserted.insertedFiles?.[0];
  return {
    org,
    token,
    spaceId: space.id,
    otherSpaceId: other.id,
    page,
    fileId: file.id,
    downloadURL: file.downloadURL,
  };
}

const setHome = (f: Fixture, markdown: string, changeRequest?: number) =>
  call(
    f.token,
    'POST',
    `/v1/spaces/${f.spaceId}${changeRequest ? `/change-requests/${changeRequest}` : ''}/content`,
    { changes: [{ operation: 'update_page', page: f.page.Home, document: { markdown } }] },
  );

const report = (f: Fixture, query = '', changeRequest?: number) =>
  call(
    f.token,
    'GET',
    `/v1/spaces/${f.spaceId}${changeRequest ? `/change-requests/${changeRequest}` : ''}/links${query}`,
  );

/** The status of the one item whose target is written `url` (as a URL location) or names `id`. */
function statusOf(items: Json[], what: string): string | undefined {
  const item = items.find(
    (candidate) =>
      candidate.targetReference.url === what ||
      candidate.targetReference.page?.id === what ||
      candidate.targetReference.file?.id === what,
  );
  return item?.status;
}

describe('link classification', () => {
  it('classifies every kind of link, ok and broken', async () => {
    const f = await fixture();
    const app = server.config.appUrl;
    const cases: Array<[url: string, status: string, target: string]> = [
      // Pages by id, by relative path (with and without .md, README.md), by /-path.
      [`/pages/${f.page.Guide}`, 'ok', f.page.Guide!],
      ['/pages/nope', 'broken', '/pages/nope'],
      ['guide/README.md', 'ok', f.page.Guide!],
      ['guide/setup.md', 'ok', f.page.Setup!],
      ['/guide/setup', 'ok', f.page.Setup!],
      ['missing.md', 'broken', 'missing.md'],
      // Anchors.
      [`/pages/${f.page.Guide}#install-it`, 'ok', f.page.Guide!],
      ['guide/setup.md#step-one', 'ok', f.page.Setup!],
      ['guide/setup.md#step-two', 'broken', f.page.Setup!],
      ['#nowhere', 'broken', f.page.Home!],
      // Files.
      [`/files/${f.fileId}`, 'ok', f.fileId],
      ['/files/gone', 'broken', '/files/gone'],
      ['.gitbook/assets/logo.png', 'ok', f.fileId],
      ['../.gitbook/assets/missing.png', 'broken', '../.gitbook/assets/missing.png'],
      // Other spaces.
      [
        `${app}/o/${f.org.organization.id}/s/${f.otherSpaceId}`,
        'ok',
        `${app}/o/${f.org.organization.id}/s/${f.otherSpaceId}`,
      ],
      [
        `${app}/o/${f.org.organization.id}/s/nospace/x`,
        'broken',
        `${app}/o/${f.org.organization.id}/s/nospace/x`,
      ],
      // The app's own screens, external URLs.
      [`${app}/o/${f.org.organization.id}/settings`, 'in-app', `${app}/o/${f.org.organization.id}/settings`],
      ['https://example.com/x', 'ok', 'https://example.com/x'],
      ['mailto:someone@example.com', 'ok', 'mailto:someone@example.com'],
    ];
    await setHome(f, cases.map(([url], i) => `[case ${i}](${url})`).join('\n\n'));
    const body = await report(f, '?limit=1000');
    for (const [url, status, target] of cases) {
      const items = body.items.filter((item: Json) =>
        [item.targetReference.url, item.targetReference.page?.id, item.targetReference.file?.id].includes(
          target,
        ),
      );
      expect(
        items.map((item: Json) => item.status),
        `${url}`,
      ).toContain(status);
    }
    expect(body.items[0].status).toBe('broken');
    expect(body.stats.broken.total).toBe(body.items.filter((item: Json) => item.status === 'broken').length);
    expect(body.stats.broken.changeRequest).toBe(0);
    // The location of every link is Home.
    for (const item of body.items)
      expect(item.locationReferences.map((l: Json) => l.page.id)).toEqual([f.page.Home]);
  });

  it('a link to another space breaks when that space is deleted and mends when it is restored, with no edit between', async () => {
    const f = await fixture();
    const url = `${server.config.appUrl}/o/${f.org.organization.id}/s/${f.otherSpaceId}`;
    await setHome(f, `[other](${url})`);
    expect(statusOf((await report(f)).items, url)).toBe('ok');
    await call(f.token, 'DELETE', `/v1/spaces/${f.otherSpaceId}`);
    const deleted = await report(f);
    expect(statusOf(deleted.items, url)).toBe('broken');
    expect(deleted.stats.broken.total).toBe(1);
    await call(f.token, 'POST', `/v1/spaces/${f.otherSpaceId}/restore`);
    expect(statusOf((await report(f)).items, url)).toBe('ok');
  });

  it("lists and checks the links inside GitBook's blocks, content-refs, files and embeds", async () => {
    const f = await fixture();
    await setHome(
      f,
      [
        '{% tabs %}\n{% tab title="A" %}\n[in a tab](missing-in-tab.md)\n{% endtab %}\n{% endtabs %}',
        '{% stepper %}\n{% step %}\n### One\n\n[a step](guide/setup.md#step-one)\n{% endstep %}\n{% endstepper %}',
        '{% content-ref url="guide/README.md" %}\n[README.md](guide/README.md)\n{% endcontent-ref %}',
        '{% content-ref url="gone.md" %}\n[gone.md](gone.md)\n{% endcontent-ref %}',
        '{% file src=".gitbook/assets/logo.png" %}\nThe logo\n{% endfile %}',
        '{% file src=".gitbook/assets/nothing.pdf" %}',
        '{% embed url="https://www.youtube.com/watch?v=1" %}',
      ].join('\n\n'),
    );
    const body = await report(f, '?limit=100');
    const rows = body.items
      .map((item: Json) => [
        item.relation,
        item.status,
        item.targetReference.url ?? item.targetReference.page?.id ?? item.targetReference.file?.id,
      ])
      .sort();
    expect(rows).toEqual(
      [
        ['reference', 'broken', 'missing-in-tab.md'],
        ['reference', 'ok', f.page.Setup],
        ['reference', 'ok', f.page.Guide],
        ['reference', 'broken', 'gone.md'],
        ['dependsOn', 'ok', f.fileId],
        ['dependsOn', 'broken', '.gitbook/assets/nothing.pdf'],
        ['reference', 'ok', 'https://www.youtube.com/watch?v=1'],
      ].sort(),
    );
    expect(body.stats.broken.total).toBe(3);
  });

  it("checks an include against the space's reusable contents", async () => {
    const f = await fixture();
    const created = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [{ operation: 'insert_reusable_content', title: 'Note', document: { markdown: 'Shared.' } }],
    });
    const id = created.changes.find(
      (change: Json) => change.object === 'created_reusable_content',
    ).reusableContent;
    await setHome(
      f,
      `{% include "/reusable-contents/${id}" %}\n\n{% include "/reusable-contents/missing" %}`,
    );
    const body = await report(f);
    expect(
      body.items.map((item: Json) => [item.relation, item.status, item.targetReference.url]).sort(),
    ).toEqual([
      ['dependsOn', 'broken', '/reusable-contents/missing'],
      ['dependsOn', 'ok', `/reusable-contents/${id}`],
    ]);
  });

  it('an image is an embed (dependsOn); a reference link is read from its definition', async () => {
    const f = await fixture();
    await setHome(f, `![logo](/files/${f.fileId})\n\n[guide][g]\n\n[g]: /pages/${f.page.Guide}\n`);
    const body = await report(f);
    expect(
      body.items.map((item: Json) => [item.relation, item.status, item.targetReference.kind]).sort(),
    ).toEqual([
      ['dependsOn', 'ok', 'file'],
      ['reference', 'ok', 'page'],
    ]);
    expect(statusOf(body.items, f.fileId)).toBe('ok');
  });
});

describe('change requests', () => {
  it('shows a link the change request breaks, and counts it in broken.changeRequest', async () => {
    const f = await fixture();
    await setHome(f, `[setup](guide/setup.md) and [gone](/pages/gone)`);
    const cr = await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests`, {
      subject: 'Drop setup',
    });
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content`, {
      changes: [{ operation: 'delete_page', page: f.page.Setup }],
    });
    const ofSpace = await report(f);
    expect(ofSpace.stats).toEqual({ total: 2, broken: { total: 1, changeRequest: 0 } });
    const ofChangeRequest = await report(f, '', cr.number);
    expect(ofChangeRequest.stats).toEqual({ total: 2, broken: { total: 2, changeRequest: 1 } });
    expect(ofChangeRequest.items.map((item: Json) => item.status)).toEqual(['broken', 'broken']);
    const pageLinks = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/change-requests/${cr.number}/content/page/${f.page.Home}/links?status=broken`,
    );
    expect(pageLinks.count).toBe(2);
  });
});

describe('backlinks', () => {
  it('lists the pages linking to or embedding a file, and drops a page that stops', async () => {
    const f = await fixture();
    await call(f.token, 'POST', `/v1/spaces/${f.spaceId}/content`, {
      changes: [
        {
          operation: 'update_page',
          page: f.page.Home,
          document: { markdown: `![logo](/files/${f.fileId})` },
        },
        { operation: 'update_page', page: f.page.Guide, document: { markdown: `[logo](${f.downloadURL})` } },
      ],
    });
    const path = `/v1/spaces/${f.spaceId}/content/files/${f.fileId}/backlinks`;
    const before = await call(f.token, 'GET', path);
    expect(before.items.map((item: Json) => item.page.id).sort()).toEqual([f.page.Home, f.page.Guide].sort());
    expect(before.items[0]).toMatchObject({
      kind: 'file',
      file: { id: f.fileId },
      versionContext: { type: 'revision' },
    });
    await setHome(f, 'no more logo');
    const after = await call(f.token, 'GET', path);
    expect(after.items.map((item: Json) => item.page.id)).toEqual([f.page.Guide]);
    const unknown = await server.api(`/v1/spaces/${f.spaceId}/content/files/nofile/backlinks`, {
      token: f.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('paging and filters', () => {
  it('pages with limit=1 without skipping or repeating, broken first, and filters by status', async () => {
    const f = await fixture();
    await setHome(f, '[a](/pages/gone) [b](https://example.com) [c](#nowhere) [d](/guide)');
    const seen: string[] = [];
    let page: string | undefined;
    const statuses: string[] = [];
    do {
      const body = await report(f, `?limit=1${page ? `&page=${page}` : ''}`);
      expect(body.items).toHaveLength(1);
      expect(body.count).toBe(4);
      seen.push(JSON.stringify(body.items[0].targetReference.url ?? body.items[0].targetReference.page?.id));
      statuses.push(body.items[0].status);
      page = body.next?.page;
    } while (page);
    expect(new Set(seen).size).toBe(4);
    expect(statuses).toEqual(['broken', 'broken', 'ok', 'ok']);
    const broken = await report(f, '?status=broken');
    expect(broken.count).toBe(2);
    expect(broken.stats.total).toBe(4);
    const ok = await call(
      f.token,
      'GET',
      `/v1/spaces/${f.spaceId}/content/page/${f.page.Home}/links?status=ok`,
    );
    expect(ok.count).toBe(2);
  });

  it('refuses an unknown status naming it, and an unknown page is 404', async () => {
    const f = await fixture();
    const bad = await server.api(`/v1/spaces/${f.spaceId}/links?status=weird`, { token: f.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('status');
    const missing = await server.api(`/v1/spaces/${f.spaceId}/content/page/nopage/links`, { token: f.token });
    expect(missing.status).toBe(404);
  });
});
