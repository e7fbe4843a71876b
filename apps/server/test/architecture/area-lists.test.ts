/**
 * An area is enumerated in three lists only: the domain's (`packages/domain/src/areas.ts`),
 * persistence's (`packages/persistence/src/areas.ts`) and the server's (`src/areas/index.ts`).
 * Everything else is derived from them; these tests fail when an area is missing from one,
 * when a list builds something other than its area declares, or when a folder declares an
 * area that no list names.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { domainAreas, domainJobHandlers, flattenOperations, operations } from '@quire/domain';
import { createRepositories, persistenceAreas, repositoryIndexes } from '@quire/persistence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAreas } from '../../src/areas';
import type { PortMaterials } from '../../src/areas/server-area';
import { API_TAGS } from '../../src/faces/openapi/api-tags';
import { restRoutes } from '../../src/faces/rest/route-table';
import { buildServices, type Services } from '../../src/services';
import { openMemoryStore } from '../support/memory-store';
import { testConfig } from '../support/test-domain';

const domainSource = fileURLToPath(new URL('../../../../packages/domain/src', import.meta.url));
const keys = (list: readonly { key: string }[]) => list.map((area) => area.key);

describe('the lists of areas', () => {
  it('names every folder of the domain that declares an area, in the domain list', () => {
    const declared = readdirSync(domainSource, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(domainSource, entry.name, 'area.ts')))
      .map((entry) => entry.name);
    expect([...keys(domainAreas)].sort()).toEqual(declared.sort());
    for (const area of domainAreas) expect(area.key, 'an area is its folder').toMatch(/^[a-z-]+$/);
  });

  it('serves every domain area, in the domain order', () => {
    expect(keys(serverAreas)).toEqual(keys(domainAreas));
  });

  it('stores every domain area that declares repositories, and only those, in the domain order', () => {
    const withRepositories = domainAreas.filter((area) => area.repositories.length > 0);
    expect(keys(persistenceAreas)).toEqual(keys(withRepositories));
  });

  it('builds exactly the repositories each area declares', async () => {
    const store = await openMemoryStore();
    for (const stored of persistenceAreas) {
      const declared = domainAreas.find((area) => area.key === stored.key)!.repositories;
      expect(Object.keys(stored.repositories(store.db)).sort(), stored.key).toEqual([...declared].sort());
    }
    const all = domainAreas.flatMap((area) => area.repositories);
    expect(Object.keys(createRepositories(store.db)).sort()).toEqual([...all].sort());
    expect(repositoryIndexes.length).toBeGreaterThan(0);
  });

  it('routes each area only to operations that area mounts', () => {
    for (const served of serverAreas) {
      const own = new Set(
        flattenOperations(domainAreas.find((area) => area.key === served.key)!.operations).map(
          ([, op]) => op,
        ),
      );
      const foreign = served.routes
        .filter((route) => !own.has(route.operation))
        .map((route) => `${route.method} ${route.path}`);
      expect(foreign, served.key).toEqual([]);
    }
    expect(restRoutes.length).toBe(serverAreas.reduce((total, area) => total + area.routes.length, 0));
  });

  it('mounts every operation of every area in the registry, once', () => {
    const mounted = flattenOperations(operations);
    const declared = domainAreas.flatMap((area) => flattenOperations(area.operations));
    expect(mounted.map(([path]) => path).sort()).toEqual(declared.map(([path]) => path).sort());
    expect(new Set(mounted.map(([, op]) => op)).size).toBe(mounted.length);
  });

  it('derives the job handlers from the areas that declare them', () => {
    const declared = domainAreas.flatMap((area) =>
      'jobHandlers' in area ? Object.keys(area.jobHandlers) : [],
    );
    expect(Object.keys(domainJobHandlers).sort()).toEqual(declared.sort());
  });

  it('derives the API tags from the areas, each tag once', () => {
    const tags = serverAreas.flatMap((area) => area.tags.map((tag) => tag.name));
    expect([...API_TAGS.map((tag) => tag.name)].sort()).toEqual([...tags].sort());
    expect(new Set(tags).size).toBe(tags.length);
  });

  describe('the adapters of the ports', () => {
    let materials: PortMaterials;
    let services: Services;
    beforeAll(async () => {
      const store = await openMemoryStore();
      const config = testConfig(await mkdtemp(join(tmpdir(), 'quire-area-lists-')));
      services = await buildServices({ config, store });
      materials = {
        config,
        store,
        blobs: services.blobs,
        jobThreads: services.jobThreads,
        clock: services.clock,
        pdfLinkKey: services.pdfLinkKey,
        events: services.events,
      };
    });
    afterAll(() => services.events.close());

    it('are built, by the server area of the same key, for exactly the ports each area declares', async () => {
      for (const served of serverAreas) {
        const declared = domainAreas.find((area) => area.key === served.key)!.ports;
        const built = 'ports' in served ? Object.keys(await served.ports(materials)) : [];
        expect(built.sort(), served.key).toEqual([...declared].sort());
      }
    });

    it('are all in the services', () => {
      for (const port of domainAreas.flatMap((area) => area.ports))
        expect(services[port], port).toBeDefined();
    });
  });
});
