/**
 * Translation runs through real HTTP against a LibreTranslate-compatible fake provider over
 * HTTP on 127.0.0.1: a space with every markdown construct translated (structure identical,
 * text translated, code and URLs never sent), the result space made on the first run, the
 * stats, an incremental run sending only the changed page (the provider's calls counted), a
 * user's correction in the result kept, a change of instructions sending everything again,
 * and a provider that fails or times out (the run fails with its reason, the result space
 * untouched). The server's own worker is off: each run is worked by a worker the test starts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workJobToEnd } from '../jobs/worker-events';
import { addMember, createOrganization, type TestOrganization } from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type FakeAnswer,
  type FakeProvider,
  type RecordedCall,
  startFakeProvider,
} from '../translations-providers/fake-provider-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

/** The fake's translation: letters outside tags and character references in capitals, marked with the target. */
const shout = (text: string): string =>
  text.replace(
    /(<[^>]*>)|(&[#\w]+;)|([^<&]+)/g,
    (_whole, tag, reference, words: string) => tag ?? reference ?? words.toUpperCase(),
  );

let answer: (call: RecordedCall) => FakeAnswer;
const translating = (call: RecordedCall): FakeAnswer => ({
  json: { translatedText: (call.body.q ?? []).map(shout) },
});

let fake: FakeProvider;
let server: TestServer;
let org: TestOrganization;

beforeAll(async () => {
  fake = await startFakeProvider((call) => answer(call));
  server = await startTestServer({
    QUIRE_JOBS_IN_SERVER: 'false',
    QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
    QUIRE_TRANSLATE_URL: fake.url,
    QUIRE_TRANSLATE_API_KEY: 'fake-provider-key-0123456789',
    QUIRE_TRANSLATE_TIMEOUT_SECONDS: '0.5',
    QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
  });
  org = await createOrganization(server);
});
afterAll(async () => {
  await server.close();
  await fake.close();
});
beforeEach(() => {
  answer = translating;
  fake.calls.length = 0;
});

async function call(method: string, path: string, body?: unknown, token = org.admin.token) {
  return server.api(path, body === undefined ? { method, token } : { method, token, body });
}

async function newSpace(title: string, changes: unknown[]): Promise<string> {
  const created = await call('POST', `/v1/orgs/${org.organization.id}/spaces`, { title });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await edit(created.body.id, changes);
  return created.body.id;
}

async function edit(spaceId: string, changes: unknown[]): Promise<void> {
  const edited = await call('POST', `/v1/spaces/${spaceId}/content`, { changes });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
}

async function newTranslation(spaceId: string, body: Json = {}): Promise<string> {
  const created = await call('POST', `/v1/orgs/${org.organization.id}/translations`, {
    language: 'fr',
    source: { space: spaceId, language: 'en' },
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return `/v1/orgs/${org.organization.id}/translations/${created.body.id}`;
}

/** Works the run just started with a worker of the server's handlers, until its job ends. */
async function workStartedRun(location: string): Promise<void> {
  await workJobToEnd(server.services, (await call('GET', location)).body.job);
}

/** Starts a run, works it, and answers the translation after. */
async function run(location: string, token = org.admin.token): Promise<Json> {
  const started = await call('POST', `${location}/run`, undefined, token);
  expect(started.status, JSON.stringify(started.body)).toBe(204);
  await workStartedRun(location);
  return (await call('GET', location)).body;
}

async function pagesOf(spaceId: string): Promise<Json[]> {
  const listed = await call('GET', `/v1/spaces/${spaceId}/content/pages`);
  expect(listed.status).toBe(200);
  return listed.body.pages;
}

async function markdownOf(spaceId: string, pageId: string): Promise<string> {
  const page = await call('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`);
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.markdown;
}

/** What the provider was sent, all calls together. */
const sentTexts = (): string[] => fake.calls.flatMap((recorded) => recorded.body.q ?? []);

const EVERY_CONSTRUCT = `Welcome to the **guide**: read it *slowly*, ~~never~~ twice.

## Install the tool

Run \`quire init --secret\` and open [the docs](https://docs.example.com/start "Start here").

1. First step
2. Second step with a [link](https://example.com/second)
   - A nested item

- [ ] An open task
- [x] A done task

> A quote to remember.

| Option | Meaning |
| ------ | ------- |
| \`--port\` | The port to listen on |
| 42 | A number |

\`\`\`js
const frobnicate = (secret) => secret * 2; // never translated
\`\`\`

![A diagram of the flow](https://example.com/flow.png "The flow")

{% hint style="info" %}
A helpful hint.
{% endhint %}
`;

/** The source's canonical form (as stored) with its prose translated. */
const EVERY_CONSTRUCT_TRANSLATED = `WELCOME TO THE **GUIDE**: READ IT _SLOWLY_, ~~NEVER~~ TWICE.

## INSTALL THE TOOL

RUN \`quire init --secret\` AND OPEN [THE DOCS](https://docs.example.com/start "Start here").

1. FIRST STEP
2. SECOND STEP WITH A [LINK](https://example.com/second)
   - A NESTED ITEM

- [ ] AN OPEN TASK
- [x] A DONE TASK

> A QUOTE TO REMEMBER.

| OPTION | MEANING |
| - | - |
| \`--port\` | THE PORT TO LISTEN ON |
| 42 | A NUMBER |

\`\`\`js
const frobnicate = (secret) => secret * 2; // never translated
\`\`\`

![A DIAGRAM OF THE FLOW](https://example.com/flow.png "THE FLOW")

{% hint style="info" %}

A HELPFUL HINT.

{% endhint %}
`;

describe('a first run', () => {
  it('makes the result space and translates every construct: structure kept, code and URLs never sent', async () => {
    const spaceId = await newSpace('Handbook', [
      {
        operation: 'insert_page',
        ref: 'guide',
        title: 'Guide',
        description: 'How to <start> & go',
        document: { markdown: EVERY_CONSTRUCT },
      },
      { operation: 'insert_page', into: 'guide', title: 'Details', document: { markdown: 'Small print.' } },
      { operation: 'insert_page', title: '404', document: { markdown: 'Not found.' } },
    ]);
    const location = await newTranslation(spaceId);
    const translation = await run(location);

    expect(translation).toMatchObject({
      status: 'completed',
      result: { space: expect.any(String), revision: expect.any(String) },
      stats: { runs: 1, totalPages: 3, latestPages: 3 },
    });
    expect(translation.error).toBeUndefined();
    expect(translation.stats.latestWords).toBeGreaterThan(50);
    expect(translation.stats.totalWords).toBe(translation.stats.latestWords);

    const resultSpace = (await call('GET', `/v1/spaces/${translation.result.space}`)).body;
    expect(resultSpace).toMatchObject({ title: 'Handbook (French)', language: 'fr' });
    const [source, result] = [await pagesOf(spaceId), await pagesOf(translation.result.space)];
    // The same tree: ids, order, nesting and paths; titles translated (a title with no letter kept).
    const shape = (pages: Json[]): Json[] =>
      pages.map((page) => ({ id: page.id, path: page.path, pages: shape(page.pages ?? []) }));
    expect(shape(result)).toEqual(shape(source));
    expect(result.map((page) => page.title)).toEqual(['GUIDE', '404']);
    expect(result[0].pages[0].title).toBe('DETAILS');
    // Plain text travels escaped and comes back as text.
    expect(result[0].description).toBe('HOW TO <START> & GO');

    expect(await markdownOf(translation.result.space, result[0].id)).toBe(EVERY_CONSTRUCT_TRANSLATED);
    expect(await markdownOf(translation.result.space, result[0].pages[0].id)).toBe('SMALL PRINT.\n');

    const sent = JSON.stringify(fake.calls.map((recorded) => recorded.body));
    for (const secret of ['frobnicate', 'quire init', 'docs.example.com', 'flow.png', '--port', '[ ]'])
      expect(sent).not.toContain(secret);
    // One call for all of it: 26 texts, far below a batch's 50.
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.body).toMatchObject({ source: 'en', target: 'fr', format: 'html' });
  });
});

describe("GitBook's blocks", () => {
  it('translates the text of every block and keeps its syntax, code, math, URLs and attributes', async () => {
    const markdown = [
      '{% tabs %}\n{% tab title="Install" %}\nRun the installer.\n{% endtab %}\n{% endtabs %}',
      '{% stepper %}\n{% step %}\n### Open the app\n\nClick the icon.\n{% endstep %}\n{% endstepper %}',
      '<details>\n\n<summary>Read more</summary>\n\nHidden words.\n\n</details>',
      '<figure><img src="https://img.example/secret-shot.png" alt="A screenshot"><figcaption><p>The main screen</p></figcaption></figure>',
      'Press <a href="https://example.com/secret-start" class="button primary">Get started</a> now.',
      '{% file src="https://files.example/secret-manual.pdf" %}\nThe manual\n{% endfile %}',
      '{% code title="secret-index.js" %}\n```js\nsecretCall();\n```\n{% endcode %}',
      '$$\n\\secretmath{x}\n$$',
      '{% if visitor.claims.secretplan %}\nFor subscribers.\n{% endif %}',
      '{% include "../.gitbook/includes/secret-include.md" %}',
    ].join('\n\n');
    const spaceId = await newSpace('Blocks', [
      { operation: 'insert_page', title: 'Page', document: { markdown } },
    ]);
    const translation = await run(await newTranslation(spaceId));
    expect(translation.status).toBe('completed');
    const [source] = await pagesOf(spaceId);
    const [page] = await pagesOf(translation.result.space);
    const stored = await markdownOf(spaceId, source.id);
    const translated = await markdownOf(translation.result.space, page.id);
    for (const part of [
      '{% tab title="INSTALL" %}',
      'RUN THE INSTALLER.',
      '### OPEN THE APP',
      '<summary>READ MORE</summary>',
      'alt="A SCREENSHOT"',
      '<figcaption><p>THE MAIN SCREEN</p></figcaption>',
      'class="button primary">GET STARTED</a>',
      'THE MANUAL',
      '{% code title="secret-index.js" %}',
      'secretCall();',
      '\\secretmath{x}',
      '{% if visitor.claims.secretplan %}',
      'FOR SUBSCRIBERS.',
      '{% include "../.gitbook/includes/secret-include.md" %}',
    ])
      expect(translated).toContain(part);
    // Only the words changed: the source with its sent texts in capitals.
    expect(translated.replace(/[A-Z]/g, '').length).toBeLessThan(stored.length);
    expect(sentTexts().join('\n')).not.toMatch(/secret|https:|visitor/);
  });
});

describe('what pages take from elsewhere in the space', () => {
  /** The text of a document's leaves, and what it left unresolved. */
  const readOf = (document: Json): { text: string; unresolved: string[] } => {
    const text: string[] = [];
    const unresolved: string[] = [];
    const walk = (node: Json): void => {
      if (node?.meta?.unresolved) unresolved.push(`${node.type}: ${node.meta.unresolved}`);
      for (const leaf of node?.leaves ?? []) text.push(leaf.text);
      for (const child of [...(node?.nodes ?? []), ...(node?.fragments ?? [])]) walk(child);
    };
    walk(document);
    return { text: text.join(' '), unresolved };
  };

  it('carries the reusable contents (translated) and the variables, so includes and expressions read as in the source', async () => {
    const spaceId = await newSpace('Kit', [
      { operation: 'insert_reusable_content', title: 'Safety', document: { markdown: 'Wear gloves.' } },
      { operation: 'update_variables', variables: { product: 'Quire' } },
    ]);
    const [note] = (await call('GET', `/v1/spaces/${spaceId}/content/reusable-contents`)).body.items;
    await edit(spaceId, [
      {
        operation: 'insert_page',
        ref: 'setup',
        title: 'Setup',
        document: {
          markdown: `Install {{ space.vars.product }} {{ page.vars.edition }} now.\n\n{% include "/reusable-contents/${note.id}" %}`,
        },
      },
      { operation: 'update_variables', page: 'setup', variables: { edition: 'Pro' } },
    ]);
    const location = await newTranslation(spaceId);
    const translation = await run(location);
    expect(translation.status, JSON.stringify(translation.error)).toBe('completed');
    const result = translation.result.space;

    const [page] = await pagesOf(result);
    const read = await call(
      'GET',
      `/v1/spaces/${result}/content/page/${page.id}?format=document&dereferenced=true&evaluated=true`,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const { text, unresolved } = readOf(read.body.document);
    expect(unresolved).toEqual([]);
    expect(text).toContain('WEAR GLOVES.');
    expect(text).toContain('Quire');
    expect(text).toContain('Pro');
    const contents = (await call('GET', `/v1/spaces/${result}/content/reusable-contents`)).body.items;
    expect(contents.map((content: Json) => [content.id, content.title])).toEqual([[note.id, 'SAFETY']]);

    // An edit of the reusable content alone: the next run sends it, and only it.
    fake.calls.length = 0;
    await edit(spaceId, [
      {
        operation: 'update_reusable_content',
        reusableContent: note.id,
        document: { markdown: 'Wear boots.' },
      },
    ]);
    expect((await run(location)).status).toBe('completed');
    expect(sentTexts().join(' ')).toContain('Wear boots.');
    expect(sentTexts().join(' ')).not.toContain('Install');
    const again = await call(
      'GET',
      `/v1/spaces/${result}/content/page/${page.id}?format=markdown&dereferenced=true`,
    );
    expect(again.body.markdown).toContain('WEAR BOOTS.');
  });
});

describe('incremental runs', () => {
  let spaceId: string;
  let location: string;
  let resultSpace: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    spaceId = await newSpace('Manual', [
      { operation: 'insert_page', title: 'One', document: { markdown: 'The first page.' } },
      { operation: 'insert_page', title: 'Two', document: { markdown: 'The second page.' } },
      { operation: 'insert_page', title: 'Three', document: { markdown: 'The third page.' } },
    ]);
    for (const page of await pagesOf(spaceId)) ids[page.title] = page.id;
    location = await newTranslation(spaceId);
    const first = await run(location);
    expect(first.status).toBe('completed');
    resultSpace = first.result.space;
  });

  it('sends only the page that changed, and keeps a correction made in the result', async () => {
    // A reviewer corrects page Three in the result space.
    await edit(resultSpace, [
      { operation: 'update_page', page: ids.Three, document: { markdown: 'La troisième page.' } },
    ]);
    await edit(spaceId, [
      { operation: 'update_page', page: ids.Two, document: { markdown: 'The second page, edited.' } },
    ]);
    fake.calls.length = 0;
    const translation = await run(location);

    expect(translation.status).toBe('completed');
    expect(fake.calls).toHaveLength(1);
    expect(sentTexts()).toEqual(['Two', 'The second page, edited.']);
    expect(translation.stats).toMatchObject({ runs: 2, latestPages: 1, totalPages: 4, latestWords: 5 });
    expect(await markdownOf(resultSpace, ids.Two as string)).toBe('THE SECOND PAGE, EDITED.\n');
    expect(await markdownOf(resultSpace, ids.Three as string)).toBe('La troisième page.\n');
    expect(await markdownOf(resultSpace, ids.One as string)).toBe('THE FIRST PAGE.\n');
  });

  it('follows moves and deletions without sending anything, and a run with nothing new writes nothing', async () => {
    await edit(spaceId, [
      { operation: 'update_page', page: ids.One, at: 2 },
      { operation: 'delete_page', page: ids.Two },
    ]);
    const moved = await run(location);
    expect(fake.calls).toHaveLength(0);
    expect((await pagesOf(resultSpace)).map((page) => page.id)).toEqual([ids.Three, ids.One]);
    expect(moved.stats).toMatchObject({ runs: 3, latestPages: 0, latestWords: 0 });

    const again = await run(location);
    expect(fake.calls).toHaveLength(0);
    expect(again.status).toBe('completed');
    expect(again.result.revision).toBe(moved.result.revision);
  });

  it('sends every page again once the instructions changed', async () => {
    const instructions = {
      object: 'document',
      data: { schemaVersion: 1 },
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Keep it short.', marks: [] }] }],
        },
      ],
    };
    expect((await call('PUT', location, { instructions })).status).toBe(200);
    const translation = await run(location);
    expect(translation.stats.latestPages).toBe(2);
    expect(sentTexts().sort()).toEqual(['One', 'The first page.', 'The third page.', 'Three']);
  });
});

describe('a provider that fails', () => {
  let spaceId: string;
  let location: string;
  let before: Json;

  beforeAll(async () => {
    spaceId = await newSpace('Fragile', [
      { operation: 'insert_page', title: 'Page', document: { markdown: 'Some text.' } },
    ]);
    location = await newTranslation(spaceId);
    before = await run(location);
    expect(before.status).toBe('completed');
    const [page] = await pagesOf(spaceId);
    await edit(spaceId, [{ operation: 'update_page', page: page.id, document: { markdown: 'New text.' } }]);
  });

  const expectUntouched = async (after: Json) => {
    expect(after.result).toEqual(before.result);
    expect(after.stats).toEqual(before.stats);
    const space = (await call('GET', `/v1/spaces/${before.result.space}`)).body;
    expect(space.revision).toBe(before.result.revision);
  };

  it('refusing (an error status): the run fails with its reason, the result untouched', async () => {
    answer = () => ({ status: 500, json: { error: 'model overloaded' } });
    const after = await run(location);
    expect(after).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_REFUSED' } });
    expect(after.error.message).not.toContain('fake-provider-key');
    await expectUntouched(after);
  });

  it('timing out: the run fails PROVIDER_TIMEOUT, the result untouched, and the next run works', async () => {
    answer = () => 'hang';
    const after = await run(location);
    expect(after).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_TIMEOUT' } });
    await expectUntouched(after);
    answer = translating;
    const recovered = await run(location);
    expect(recovered).toMatchObject({ status: 'completed', stats: { runs: 2, latestPages: 1 } });
    expect(recovered.error).toBeUndefined();
  });

  it('a run whose starter lost the right to run it fails RUN_REFUSED, nothing sent', async () => {
    const editor = await addMember(server, org.organization.id, 'create');
    const started = await call('POST', `${location}/run`, undefined, editor.token);
    expect(started.status).toBe(204);
    const member = await call('PATCH', `/v1/orgs/${org.organization.id}/members/${editor.user.id}`, {
      role: 'read',
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    await workStartedRun(location);
    expect(fake.calls).toHaveLength(0);
    const after = (await call('GET', location)).body;
    expect(after).toMatchObject({ status: 'failed', error: { code: 'RUN_REFUSED' } });
  });

  it('a restriction made on the translated space alone is replaced by the next run: its access is the source’s', async () => {
    const prior = (await call('GET', location)).body;
    const editor = await addMember(server, org.organization.id, 'create');
    const restricted = await call('PATCH', `/v1/spaces/${prior.result.space}`, { defaultLevel: 'read' });
    expect(restricted.status, JSON.stringify(restricted.body)).toBe(200);
    const [page] = await pagesOf(spaceId);
    await edit(spaceId, [{ operation: 'update_page', page: page.id, document: { markdown: 'Newer text.' } }]);
    const after = await run(location, editor.token);
    expect(after).toMatchObject({ status: 'completed', result: { space: prior.result.space } });
    const space = (await call('GET', `/v1/spaces/${prior.result.space}`)).body;
    expect(space.defaultLevel).toBe('inherit');
    expect(await markdownOf(prior.result.space, page.id)).toBe('NEWER TEXT.\n');
  });
});
