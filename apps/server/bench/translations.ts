/**
 * `npx tsx bench/translations.ts` (from apps/server): the translation target of issue 16, a
 * run over a 500-page space in under 30 s against a local provider, batched (not one call
 * per sentence). The server runs its worker inside, on the embedded store on disk; the
 * provider is a LibreTranslate-compatible server on 127.0.0.1 that answers each call after
 * `BENCH_PROVIDER_MS` (default 0; a real self-hosted LibreTranslate takes seconds a batch,
 * which adds calls × its time) with every text upper-cased.
 *
 * 1. First run: every page sent. Time from `POST …/run` to the translation reading
 *    'completed' (polled every 20 ms), the provider's calls and texts.
 * 2. One page edited in the source, then a run: only that page sent.
 * 3. A run with nothing changed: no call, no revision.
 *
 * `BENCH_TRANSLATION_GROUPS` × (1 + `BENCH_TRANSLATION_PER_GROUP`) pages (default 10 × 50).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { benchApi, documentationBody, type Json, seedGroupedSpace } from './bench-api';
import { seedOrganization, startBenchServer } from './bench-server';

const GROUPS = Number(process.env.BENCH_TRANSLATION_GROUPS ?? 10);
const PER_GROUP = Number(process.env.BENCH_TRANSLATION_PER_GROUP ?? 49);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 0);

/** The provider: counts calls and texts, answers after `PROVIDER_MS`. */
const provider = { calls: 0, texts: 0, chars: 0 };
const fake = createServer((request, response) => {
  const parts: Buffer[] = [];
  request.on('data', (part: Buffer) => parts.push(part));
  request.on('end', () => {
    const { q } = JSON.parse(Buffer.concat(parts).toString('utf8')) as { q: string[] };
    provider.calls += 1;
    provider.texts += q.length;
    provider.chars += q.reduce((sum, text) => sum + text.length, 0);
    setTimeout(() => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ translatedText: q.map((text) => text.toUpperCase()) }));
    }, PROVIDER_MS);
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));

const quire = await startBenchServer('translations', {
  QUIRE_TRANSLATE_PROVIDER: 'libretranslate',
  QUIRE_TRANSLATE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
  QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
});
try {
  const { token, organization } = await seedOrganization(quire, { members: 0, memberName: 'Member' });
  const api = benchApi(quire.url, token);
  const { space } = await seedGroupedSpace(api, organization.id, {
    groups: GROUPS,
    perGroup: PER_GROUP,
    groupBody: documentationBody,
    page: (group, index) => ({
      title: `Page ${group}.${index}`,
      markdown: documentationBody(group * 1000 + index),
    }),
  });
  const pages = GROUPS * (PER_GROUP + 1);
  const translation = await api(`/v1/orgs/${organization.id}/translations`, {
    language: 'fr',
    source: { space: space.id, language: 'en' },
  });
  const location = `/v1/orgs/${organization.id}/translations/${translation.id}`;

  async function run(label: string): Promise<Json> {
    const before = { ...provider };
    const started = performance.now();
    const answer = await fetch(`${quire.url}${location}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status !== 204) throw new Error(`run answered ${answer.status}`);
    let current: Json;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      current = await api(location);
    } while (current.status === 'pending' || current.status === 'running');
    const ms = performance.now() - started;
    if (current.status !== 'completed') throw new Error(`${label}: ${JSON.stringify(current.error)}`);
    console.log(
      `${label}: ${(ms / 1000).toFixed(2)} s, ${current.stats.latestPages} pages, ${current.stats.latestWords} words, ` +
        `${provider.calls - before.calls} provider calls, ${provider.texts - before.texts} texts, ` +
        `${((provider.chars - before.chars) / 1024).toFixed(0)} KiB sent; revision ${current.result.revision}`,
    );
    return current;
  }

  console.log(`translations: a space of ${pages} pages, provider answering after ${PROVIDER_MS} ms a call`);
  await run('first run (every page)');
  const subpages: Json[] = (await api(`/v1/spaces/${space.id}/content/pages`)).pages[0].pages;
  await api(`/v1/spaces/${space.id}/content`, {
    changes: [
      {
        operation: 'update_page',
        page: subpages[7].id,
        document: { markdown: documentationBody(7) + '\n\nOne more line.' },
      },
    ],
  });
  await run('one page edited');
  await run('nothing changed');
} finally {
  await quire.close();
  fake.close();
}
