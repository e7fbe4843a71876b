/**
 * The specs a revision's documents name (`specsOfRevision`): found in every page's body, and
 * found without holding the event loop (a review found every body converted in one turn: a
 * revision of thousands of pages mentioning `openapi` held every other request meanwhile).
 */
import { describe, expect, it } from 'vitest';
import { addressOf } from '../../src/content/revisions/content-address';
import type { ContentObject } from '../../src/content/revisions/records';
import type { DomainServices } from '../../src/core/context';
import { specsOfRevision } from '../../src/openapi/published-spec-names';

const operationOf = (spec: string) =>
  `{% openapi-operation spec="${spec}" path="/pets" method="get" %}\n{% endopenapi-operation %}`;

/** A revision of one level of pages, with `bodies` as their texts, in repositories answered at once. */
function revisionOf(bodies: readonly string[]) {
  const objects = new Map<string, ContentObject>();
  const put = (object: ContentObject) => {
    const address = addressOf(object);
    objects.set(address, object);
    return address;
  };
  const pages = bodies.map((markdown, i) =>
    put({ kind: 'page', title: `Page ${i}`, body: put({ kind: 'body', markdown }), children: null } as never),
  );
  const tree = put({ kind: 'tree', pages });
  const revisionId = `revision-${tree.slice(0, 12)}`;
  const repos = {
    revisions: { findById: async () => ({ id: revisionId, tree }) },
    contentObjects: {
      getMany: async (addresses: readonly string[]) =>
        new Map(addresses.flatMap((a) => (objects.has(a) ? [[a, objects.get(a)!]] : []))),
    },
  };
  return { services: { repos } as unknown as Pick<DomainServices, 'repos'>, revisionId };
}

describe('specsOfRevision', () => {
  it('finds the specs every page names, and none in a page that only mentions the word', async () => {
    const { services, revisionId } = revisionOf([
      operationOf('petstore'),
      `Intro\n\n${operationOf('billing')}`,
      'This page talks about openapi in prose only.',
      'Nothing here.',
    ]);
    expect([...(await specsOfRevision(services, 'space-a', revisionId))].sort()).toEqual([
      'billing',
      'petstore',
    ]);
  });

  it('lets a timer run between two conversions, though every read answers at once', async () => {
    const { services, revisionId } = revisionOf(
      Array.from({ length: 5 }, (_, i) => `Page ${i}\n\n${operationOf(`spec-${i}`)}`),
    );
    let turns = 0;
    const count = () => {
      turns++;
      if (turns < 100) setTimeout(count, 0);
    };
    setTimeout(count, 0);
    const found = await specsOfRevision(services, 'space-b', revisionId);
    expect(found.size).toBe(5);
    // One turn after each conversion: without the pauses the repositories' promises alone run
    // (microtasks), and no timer fires before the answer.
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
