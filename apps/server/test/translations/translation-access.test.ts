/**
 * Who sees a translation's result, through real HTTP (issue 25, items 5 and 13): creating or
 * running a translation needs the right to edit the source; the result space carries the
 * source's access (default level, grants to members and teams, collection), re-applied by
 * every run; a member who gets 404 on the source gets 404 on the result and does not find it
 * through organization search; a run that fails stores no space, and the id reserved for the
 * result is the one a later successful run stores. The server's own worker is off: each run
 * is worked by a worker the test starts, against a LibreTranslate-compatible fake provider.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { workJobToEnd } from '../jobs/worker-events';
import { createCollection, grant } from '../support/content';
import { addMember, createOrganization, type TestMember, type TestOrganization } from '../support/factories';
import { createTeam } from '../support/teams';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  type FakeAnswer,
  type FakeProvider,
  type RecordedCall,
  startFakeProvider,
} from '../translations-providers/fake-provider-server';

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies.
type Json = any;

const translating = (call: RecordedCall): FakeAnswer => ({
  json: { translatedText: (call.body.q ?? []).map((text: string) => `fr:${text}`) },
});
let answer: (call: RecordedCall) => FakeAnswer;

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
});

const call = (method: string, path: string, body?: unknown, token = org.admin.token) =>
  server.api(path, body === undefined ? { method, token } : { method, token, body });

const ORG = () => `/v1/orgs/${org.organization.id}`;

/** A space with one page whose text holds `word`, at the top level or in `parent`. */
async function sourceSpace(word: string, parent?: string): Promise<string> {
  const created = await call('POST', `${ORG()}/spaces`, {
    title: `Secret ${word}`,
    ...(parent ? { parent } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const edited = await call('POST', `/v1/spaces/${created.body.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Plans', document: { markdown: `The ${word} plan.` } }],
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  return created.body.id;
}

const restrict = async (spaceId: string, defaultLevel: string | null) => {
  const patched = await call('PATCH', `/v1/spaces/${spaceId}`, { defaultLevel });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
};

async function newTranslation(spaceId: string, token = org.admin.token) {
  return call(
    'POST',
    `${ORG()}/translations`,
    { language: 'fr', source: { space: spaceId, language: 'en' } },
    token,
  );
}

/** Works the run just started with a worker of the server's handlers, until its job ends. */
async function workStartedRun(location: string): Promise<void> {
  await workJobToEnd(server.services, (await call('GET', location)).body.job);
}

async function run(location: string, token = org.admin.token): Promise<Json> {
  const started = await call('POST', `${location}/run`, undefined, token);
  expect(started.status, JSON.stringify(started.body)).toBe(204);
  await workStartedRun(location);
  return (await call('GET', location)).body;
}

/** The grants on a space, as `kind:id=role`, sorted. */
async function grantsOn(spaceId: string): Promise<string[]> {
  const users = await call('GET', `/v1/spaces/${spaceId}/permissions/users`);
  const teams = await call('GET', `/v1/spaces/${spaceId}/permissions/teams`);
  expect(users.status).toBe(200);
  expect(teams.status).toBe(200);
  return [
    ...users.body.items.map((item: Json) => `user:${item.user.id}=${item.permission}`),
    ...teams.body.items.map((item: Json) => `team:${item.team.id}=${item.permission}`),
  ].sort();
}

/** What a member finds of a space: its REST status, and whether organization search lists it. */
async function reachOf(member: TestMember, spaceId: string, word: string) {
  const get = await call('GET', `/v1/spaces/${spaceId}`, undefined, member.token);
  const search = await call('GET', `${ORG()}/search?query=${word}`, undefined, member.token);
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  return { status: get.status, found: search.body.items.some((item: Json) => item.id === spaceId) };
}

describe('creating and running need the right to edit the source', () => {
  it('a creator with only read on an admin-only space may not translate it (403), nor run a translation of it', async () => {
    const spaceId = await sourceSpace('falcon');
    await restrict(spaceId, null);
    const creator = await addMember(server, org.organization.id, 'create');
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'read', users: [creator.user.id] });
    expect((await call('GET', `/v1/spaces/${spaceId}`, undefined, creator.token)).status).toBe(200);

    const refused = await newTranslation(spaceId, creator.token);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const translations = (await call('GET', `${ORG()}/translations`)).body.items as Json[];
    expect(translations.some((translation) => translation.source.space === spaceId)).toBe(false);

    // The admin's translation: the creator may see it, not run it.
    const created = await newTranslation(spaceId);
    expect(created.status).toBe(201);
    const location = `${ORG()}/translations/${created.body.id}`;
    const runRefused = await call('POST', `${location}/run`, undefined, creator.token);
    expect(runRefused.status, JSON.stringify(runRefused.body)).toBe(403);
    expect((await call('GET', location)).body.job).toBeUndefined();

    // Who cannot see the source at all is told it is not there.
    const stranger = await addMember(server, org.organization.id, 'create');
    const hidden = await newTranslation(spaceId, stranger.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toContain('source.space');
  });

  it('a run whose starter lost the right to edit the source meanwhile fails RUN_REFUSED, sending nothing', async () => {
    const spaceId = await sourceSpace('heron');
    const editor = await addMember(server, org.organization.id, 'create');
    const created = await newTranslation(spaceId, editor.token);
    expect(created.status).toBe(201);
    const location = `${ORG()}/translations/${created.body.id}`;
    const started = await call('POST', `${location}/run`, undefined, editor.token);
    expect(started.status).toBe(204);
    await restrict(spaceId, 'read');
    fake.calls.length = 0;
    await workStartedRun(location);
    expect(fake.calls).toHaveLength(0);
    const after = (await call('GET', location)).body;
    expect(after).toMatchObject({ status: 'failed', error: { code: 'RUN_REFUSED' } });
  });
});

describe('the translation itself is seen only by who may view its source', () => {
  it('a member who gets 404 on the source finds no translation of it: listed, read, changed, run or deleted', async () => {
    const spaceId = await sourceSpace('plover');
    await restrict(spaceId, null);
    const created = await newTranslation(spaceId);
    expect(created.status).toBe(201);
    const location = `${ORG()}/translations/${created.body.id}`;
    const creator = await addMember(server, org.organization.id, 'create');
    expect((await call('GET', `/v1/spaces/${spaceId}`, undefined, creator.token)).status).toBe(404);

    const listed = await call('GET', `${ORG()}/translations?limit=1000`, undefined, creator.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: Json) => item.id)).not.toContain(created.body.id);
    expect(listed.body.items.map((item: Json) => item.source.space)).not.toContain(spaceId);
    const instructions = { object: 'document', nodes: [] };
    for (const [method, path, body] of [
      ['GET', location, undefined],
      ['PUT', location, { instructions }],
      ['POST', `${location}/run`, undefined],
    ] as const) {
      const refused = await call(method, path, body, creator.token);
      expect(refused.status, `${method} ${path}: ${JSON.stringify(refused.body)}`).toBe(404);
      expect(refused.body.error.message).toBe('Translation not found');
    }
    expect((await call('DELETE', location, undefined, creator.token)).status).toBe(204);
    expect((await call('GET', location)).status).toBe(200);

    // Given a read grant on the source, the same member sees it, and may not change it (403).
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'read', users: [creator.user.id] });
    const seen = await call('GET', location, undefined, creator.token);
    expect(seen.status).toBe(200);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    const listedNow = await call('GET', `${ORG()}/translations?limit=1000`, undefined, creator.token);
    const item = listedNow.body.items.find((translation: Json) => translation.id === created.body.id);
    expect(item?.permissions).toEqual({ view: true, edit: false });
    expect((await call('PUT', location, { instructions }, creator.token)).status).toBe(403);
    expect((await call('DELETE', location, undefined, creator.token)).status).toBe(403);
    expect((await call('GET', location)).status).toBe(200);
    // Given edit on it, they may.
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'edit', users: [creator.user.id] });
    expect((await call('GET', location, undefined, creator.token)).body.permissions).toEqual({
      view: true,
      edit: true,
    });
  });
});

describe('the result space carries the source’s access', () => {
  let collection: string;
  let spaceId: string;
  let location: string;
  let resultId: string;
  let reader: TestMember;
  let teamMember: TestMember;
  let outsider: TestMember;
  let teamId: string;

  beforeAll(async () => {
    collection = (await createCollection(server, org, { title: 'Board' })).id;
    spaceId = await sourceSpace('osprey', collection);
    await restrict(spaceId, null);
    reader = await addMember(server, org.organization.id, 'read');
    teamMember = await addMember(server, org.organization.id, 'read');
    outsider = await addMember(server, org.organization.id, 'create');
    teamId = (await createTeam(server, org, { title: 'Translators', members: [teamMember.user.id] })).id;
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'read', users: [reader.user.id] });
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'edit', teams: [teamId] });
    const created = await newTranslation(spaceId);
    location = `${ORG()}/translations/${created.body.id}`;
    const translation = await run(location);
    expect(translation.status, JSON.stringify(translation)).toBe('completed');
    resultId = translation.result.space;
  });

  it('its default level, collection and grants are the source’s', async () => {
    const [source, result] = [
      (await call('GET', `/v1/spaces/${spaceId}`)).body,
      (await call('GET', `/v1/spaces/${resultId}`)).body,
    ];
    expect(result).toMatchObject({ defaultLevel: null, parent: collection, title: 'Secret osprey (French)' });
    expect(source).toMatchObject({ defaultLevel: null, parent: collection });
    expect(await grantsOn(resultId)).toEqual(await grantsOn(spaceId));
    expect(await grantsOn(resultId)).toEqual([`user:${reader.user.id}=read`, `team:${teamId}=edit`].sort());
  });

  it('a member who gets 404 on the source gets 404 on the result and does not find it by search; the grant holders do', async () => {
    expect(await reachOf(outsider, spaceId, 'osprey')).toEqual({ status: 404, found: false });
    expect(await reachOf(outsider, resultId, 'osprey')).toEqual({ status: 404, found: false });
    expect(await reachOf(reader, resultId, 'osprey')).toEqual({ status: 200, found: true });
    expect(await reachOf(teamMember, resultId, 'osprey')).toEqual({ status: 200, found: true });
  });

  it('every run re-applies the source’s access: level, grants added, changed and revoked, and its collection', async () => {
    const newcomer = await addMember(server, org.organization.id, 'read');
    const elsewhere = (await createCollection(server, org, { title: 'Vault', defaultLevel: null })).id;
    await grant(server, org, { kind: 'space', id: spaceId }, { role: null, users: [reader.user.id] });
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'comment', users: [newcomer.user.id] });
    await grant(server, org, { kind: 'space', id: spaceId }, { role: 'read', teams: [teamId] });
    await restrict(spaceId, 'inherit');
    const moved = await call('POST', `/v1/spaces/${spaceId}/move`, { parent: elsewhere });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // A grant made on the result alone is replaced too: the result's audience is the source's.
    await grant(server, org, { kind: 'space', id: resultId }, { role: 'admin', users: [outsider.user.id] });

    const translation = await run(location);
    expect(translation.status, JSON.stringify(translation)).toBe('completed');
    expect(translation.result.space).toBe(resultId);
    const result = (await call('GET', `/v1/spaces/${resultId}`)).body;
    expect(result).toMatchObject({ defaultLevel: 'inherit', parent: elsewhere });
    expect(await grantsOn(resultId)).toEqual(
      [`user:${newcomer.user.id}=comment`, `team:${teamId}=read`].sort(),
    );
    expect(await reachOf(reader, resultId, 'osprey')).toEqual({ status: 404, found: false });
    expect(await reachOf(outsider, resultId, 'osprey')).toEqual({ status: 404, found: false });
    expect((await reachOf(newcomer, resultId, 'osprey')).status).toBe(200);
  });
});

describe('a run that fails stores no space', () => {
  const resultSpacesNamed = async (title: string): Promise<Json[]> => {
    const listed = await call('GET', `${ORG()}/spaces?limit=1000`);
    expect(listed.status).toBe(200);
    return listed.body.items.filter((space: Json) => space.title === title);
  };

  it('a provider failure on the first run leaves no "(French)" space; the next run stores the reserved one', async () => {
    const spaceId = await sourceSpace('kestrel');
    const created = await newTranslation(spaceId);
    const location = `${ORG()}/translations/${created.body.id}`;
    answer = () => ({ status: 500, json: { error: 'model overloaded' } });
    const failed = await run(location);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'PROVIDER_REFUSED' } });
    expect(failed.result).toBeUndefined();
    expect(await resultSpacesNamed('Secret kestrel (French)')).toEqual([]);
    const reserved = (await server.services.repos.translations.findById(created.body.id))?.result?.spaceId;
    expect(reserved).toEqual(expect.any(String));
    expect(await server.services.repos.spaces.findById(reserved as string)).toBeNull();

    answer = translating;
    const done = await run(location);
    expect(done.status).toBe('completed');
    expect(done.result.space).toBe(reserved);
    expect((await resultSpacesNamed('Secret kestrel (French)')).map((space) => space.id)).toEqual([reserved]);
    const pages = (await call('GET', `/v1/spaces/${reserved}/content/pages`)).body.pages;
    expect(pages.map((page: Json) => page.title)).toEqual(['fr:Plans']);
  });
});
