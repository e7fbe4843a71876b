/** Outlines of bodies: derived once, stored by body address, read afterwards without the body. */
import { markdownOutline } from '@quire/documents';
import { describe, expect, it } from 'vitest';
import { outlineAddressOf, outlinesOf } from '../../src/content/revisions/body-outlines';
import { addressOf } from '../../src/content/revisions/content-address';
import type { BodyObject, ContentObject } from '../../src/content/revisions/records';
import type { DomainServices } from '../../src/core/context';

/** A content-object store in memory that records the addresses read. */
function memoryObjects() {
  const objects = new Map<string, ContentObject>();
  const reads: string[] = [];
  const contentObjects = {
    async putMany(put: ReadonlyMap<string, ContentObject>) {
      for (const [address, object] of put) if (!objects.has(address)) objects.set(address, object);
    },
    async getMany(addresses: readonly string[]) {
      reads.push(...addresses);
      return new Map(
        addresses.flatMap((a) => (objects.has(a) ? [[a, objects.get(a) as ContentObject]] : [])),
      );
    },
  };
  const services = { repos: { contentObjects } } as unknown as Pick<DomainServices, 'repos'>;
  return { objects, reads, services };
}

function storeBody(objects: Map<string, ContentObject>, markdown: string): string {
  const body: BodyObject = { kind: 'body', markdown };
  const address = addressOf(body);
  objects.set(address, body);
  return address;
}

describe('outlinesOf', () => {
  it('derives a missing outline from the body, stores it, and reads it alone afterwards', async () => {
    const { objects, reads, services } = memoryObjects();
    const home = storeBody(objects, 'Intro [a](./a.md)\n\n# Set up\n\nText.\n');
    const guide = storeBody(objects, '# Guide\n\n![logo](/files/f)\n');

    const first = await outlinesOf(services, [home, guide, home]);
    expect(first.get(home)).toEqual({
      kind: 'outline',
      ...markdownOutline('Intro [a](./a.md)\n\n# Set up\n\nText.\n'),
    });
    expect(first.get(guide)?.links).toEqual([{ kind: 'image', url: '/files/f' }]);
    expect(objects.get(outlineAddressOf(home))).toEqual(first.get(home));
    expect(reads).toContain(home);

    reads.length = 0;
    const second = await outlinesOf(services, [home, guide]);
    expect(second).toEqual(new Map([...first].map(([address, outline]) => [address, outline])));
    // Only the outlines were read: no body, so no parse.
    expect(reads).toEqual([outlineAddressOf(home), outlineAddressOf(guide)]);
  });

  it('keeps outlines apart from bodies and other objects (a derived address, not a content hash)', () => {
    const address = storeBody(new Map(), 'x');
    expect(outlineAddressOf(address)).not.toBe(address);
    expect(outlineAddressOf(address)).toContain(address);
  });
});
