/**
 * `acceptedImport` and `acceptedBodies`: an import's pages read by the `UntrustedMarkdown`
 * port as many at a time as it reads at once, their order kept, the first refused page in
 * that order failing the job; and the bodies read with the import's links resolved in the
 * same reading are the ones `addImportedContent` stores when it resolves them itself.
 */
import { normalizeMarkdown, readUntrustedMarkdown } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import {
  acceptedBodies,
  acceptedImport,
  addImportedContent,
  type ImportedContent,
  type ImportedPage,
  inProcessUntrustedMarkdown,
  JobFailure,
  planImport,
  type UntrustedMarkdown,
} from '../../src';

const page = (ref: string, markdown: string, children: ImportedPage[] = []): ImportedPage => ({
  ref,
  title: ref,
  markdown,
  children,
});

// Written for this test: links between the pages and to the file in every form the readers write.
const content: ImportedContent = {
  pages: [
    page(
      'home',
      'Welcome, see [the guide](quire-import:page/guide#setup) and ![logo](quire-import:file/logo).',
      [
        page(
          'plain',
          'No *links* to rewrite, only [one out](https://example.com) and `quire-import:page/home`.',
        ),
        page(
          'escaped',
          'Escaped [home](quire\\-import\\:page/home) and [ref](quire&#45;import&#58;page/home).',
        ),
        page('missing', 'A [page the import does not hold](quire-import:page/nowhere).'),
        page('autolink', '<quire-import:page/home> and [ref][r]\n\n[r]: quire-import:file/logo#x'),
      ],
    ),
    page(
      'guide',
      '{% content-ref url="quire-import:page/home" %}\n[Home](quire-import:page/home)\n{% endcontent-ref %}\n\n<figure><img src="quire-import:file/logo" alt="Logo"><figcaption><p>Logo</p></figcaption></figure>',
    ),
    page('empty', ''),
  ],
  files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', size: 3, hash: 'h' }],
  totalResources: 7,
  importedResources: 7,
};

const env = () => {
  let next = 0;
  return { now: '2026-01-01T00:00:00.000Z', newId: () => `id${next++}` };
};

const bodiesOf = (added: ReturnType<typeof addImportedContent>) =>
  [...added.pages.values()].map((stored) => [stored.title, added.bodies.get(stored.body)?.markdown] as const);

/** A port reading in process, `atOnce` at a time, that records what it was given and when. */
function countingPort(
  atOnce: number,
  refuse: (text: string) => boolean = () => false,
  delayOf: (startedBefore: number, text: string) => number = (startedBefore) =>
    19 - Math.min(18, startedBefore),
) {
  let inHand = 0;
  const seen = { most: 0, started: [] as string[] };
  const port: UntrustedMarkdown & { readsAtOnce: number } = {
    readsAtOnce: atOnce,
    documentsOf: inProcessUntrustedMarkdown.documentsOf,
    async read(markdown, options) {
      // By default later pages answer first: the order of the answers is not the order of the pages.
      const delay = delayOf(seen.started.length, markdown);
      seen.started.push(markdown);
      seen.most = Math.max(seen.most, ++inHand);
      await new Promise((resolve) => setTimeout(resolve, delay));
      inHand--;
      return refuse(markdown)
        ? { ok: false, reason: 'refused here' }
        : readUntrustedMarkdown(markdown, options);
    },
  };
  return { port, seen };
}

describe('acceptedBodies', () => {
  it('gives the bodies addImportedContent stores from the pages acceptedImport accepts, byte for byte', async () => {
    const accepted = await acceptedImport({ untrustedMarkdown: inProcessUntrustedMarkdown }, content, 'X');
    const before = bodiesOf(addImportedContent(new Map(), accepted, env()));
    const plan = planImport(new Map(), content, env());
    const bodies = await acceptedBodies(
      { untrustedMarkdown: countingPort(2).port },
      content,
      plan.links,
      'X',
    );
    const after = bodiesOf(addImportedContent(new Map(), content, env(), plan, bodies));
    expect(after).toEqual(before);
    const of = new Map(after);
    expect(of.get('home')).toContain('[the guide](/pages/id5#setup)');
    expect(of.get('autolink')).toContain('/pages/id0');
    expect(of.get('autolink')).toContain('/files/id7');
    expect(of.get('escaped')).not.toContain('quire');
    expect(of.get('missing')).toContain('quire-import:page/nowhere');
  });
});

describe('acceptedImport', () => {
  const many: ImportedContent = {
    ...content,
    pages: Array.from({ length: 9 }, (_, i) =>
      page(`p${i}`, `Page *${i}*`, [page(`p${i}c`, `Child of ${i}`)]),
    ),
  };

  it('reads as many pages at once as the port does, never more, and keeps their order', async () => {
    const { port, seen } = countingPort(3);
    const accepted = await acceptedImport({ untrustedMarkdown: port }, many, 'X');
    expect(seen.most).toBe(3);
    // Depth first, each page before its children, as they were read one by one.
    expect(seen.started).toEqual(many.pages.flatMap((p) => [p.markdown, p.children[0]?.markdown]));
    expect(accepted.pages.map((p) => [p.markdown, p.children[0]?.markdown])).toEqual(
      many.pages.map((p) => [
        normalizeMarkdown(p.markdown),
        normalizeMarkdown(p.children[0]?.markdown ?? ''),
      ]),
    );
  });

  it('reads one page at a time from a port that does not say', async () => {
    const { port, seen } = countingPort(1);
    const { readsAtOnce: _, ...plain } = port;
    await acceptedImport({ untrustedMarkdown: plain }, many, 'X');
    expect(seen.most).toBe(1);
  });

  it('fails naming the first refused page in the pages order, and starts no page once a refusal is known', async () => {
    // Pages 3 (p1c, slow) and 4 (p2, at once) are refused: the later one answers first.
    const refused = new Set(['Child of 1', 'Page *2*']);
    const { port, seen } = countingPort(
      3,
      (text) => refused.has(text),
      (_, text) => (text === 'Page *2*' ? 0 : text === 'Child of 1' ? 40 : 5),
    );
    const failure = await acceptedImport({ untrustedMarkdown: port }, many, 'X').catch((error) => error);
    expect(failure).toBeInstanceOf(JobFailure);
    expect(failure.code).toBe('X');
    expect(failure.message).toBe(`the source's page "p1c" cannot be stored: refused here`);
    // Every page before the refused ones was read; the lanes stopped short of the last pages.
    expect(seen.started.slice(0, 5)).toEqual([
      'Page *0*',
      'Child of 0',
      'Page *1*',
      'Child of 1',
      'Page *2*',
    ]);
    expect(seen.started).not.toContain('Child of 8');
  });
});
