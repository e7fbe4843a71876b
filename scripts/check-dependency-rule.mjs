#!/usr/bin/env node
/**
 * Checks the dependency rules mechanically; run by `pnpm test`.
 *
 * Between packages: apps -> packages/persistence -> (packages/domain, packages/store-embedded
 * -> packages/store). Each package may import only what its line below allows.
 *
 * Inside the domain: core <- policies <- areas.
 * - `core/` imports only `core/`.
 * - `policies/` imports `core/` and `policies/`, and only types from the areas' model files
 *   (`records.ts`, `ports.ts`).
 * - An area (`identity/`, `organizations/`, `content/`, ...) imports `core/`, `policies/`, its
 *   own files, and another area only through that area's public `index.ts`, or, for types
 *   only, its model files (`records.ts`, `ports.ts`). At run time an
 *   area may import only the areas before it in AREA_ORDER (types may go either way), so
 *   areas never form an import cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/**
 * Areas in the order they may depend on each other at run time (later on earlier): the
 * domain's list of areas (`packages/domain/src/areas.ts`), read here so that it is written once.
 */
const AREA_ORDER = areaOrderOf(readFileSync(join(root, 'packages/domain/src/areas.ts'), 'utf8'));

function areaOrderOf(text) {
  const folderOf = new Map(
    [...text.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/area';/g)].map((m) => [m[1], m[2]]),
  );
  const list = text.match(/export const domainAreas = \[([^\]]*)\]/);
  if (!list) throw new Error('check-dependency-rule: no `domainAreas` list in packages/domain/src/areas.ts');
  return list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const folder = folderOf.get(name);
      if (!folder) throw new Error(`check-dependency-rule: ${name} is not imported from an area.ts`);
      return folder;
    });
}

const packageRules = [
  {
    dir: 'packages/domain/src',
    allowed: (spec) =>
      [
        'zod',
        'fractional-indexing',
        'diff',
        '@noble/hashes/sha2.js',
        '@noble/hashes/utils.js',
        '@quire/documents',
      ].includes(spec),
    why: 'the domain imports nothing but zod, fractional-indexing, diff, @noble/hashes (content addresses) and @quire/documents (pure: no I/O, no drivers, no node: modules)',
  },
  {
    dir: 'packages/documents/src',
    allowed: (spec) =>
      [
        'unified',
        'remark-parse',
        'remark-stringify',
        'remark-gfm',
        'remark-math',
        'remark-frontmatter',
        'rehype-parse',
        'rehype-remark',
        // HTML's named character references, the table micromark itself decodes with, for
        // Quire's tokenizer (`markdown-parser/`).
        'character-entities',
        'yaml',
        'zod',
        'mdast',
        'hast',
      ].includes(spec),
    why: 'page bodies depend only on the unified/remark/rehype stack (character-entities included), yaml and zod (pure: no I/O)',
  },
  {
    dir: 'packages/store/src',
    allowed: (spec) => /^mongodb(\/|$)/.test(spec) || spec.startsWith('node:'),
    why: 'the store contract depends only on the MongoDB driver (its types and engine) and node: modules',
  },
  {
    dir: 'packages/store-embedded/src',
    allowed: (spec) =>
      spec === '@quire/store' || /^(mingo|sorted-btree)(\/|$)/.test(spec) || spec.startsWith('node:'),
    why: 'the embedded engine depends only on @quire/store (the contract it implements), mingo, sorted-btree and node: modules',
  },
  {
    dir: 'packages/persistence/src',
    allowed: (spec) =>
      ['@quire/domain', '@quire/store', '@quire/store-embedded'].includes(spec) || spec.startsWith('node:'),
    why: 'persistence depends only on the domain, the store contract, the embedded engine and node: modules',
  },
  {
    dir: 'apps/server/src',
    allowed: (spec) =>
      !spec.startsWith('@quire/') ||
      [
        '@quire/domain',
        '@quire/documents',
        '@quire/store',
        '@quire/store-embedded',
        '@quire/persistence',
        '@quire/reader',
      ].includes(spec),
    why: 'apps depend on packages, never on other apps',
  },
];

const importPattern =
  /(?:^|\s)(import|export)(\s+type)?\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
}

function* importsOf(file) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    yield { spec: match[3] ?? match[4], typeOnly: Boolean(match[2]) };
  }
}

const violations = [];

for (const rule of packageRules) {
  for (const file of files(join(root, rule.dir))) {
    for (const { spec } of importsOf(file)) {
      if (!spec || spec.startsWith('.')) continue;
      if (!rule.allowed(spec)) violations.push(`${relative(root, file)} imports '${spec}': ${rule.why}`);
    }
  }
}

const domain = join(root, 'packages/domain/src');
/** 'core', 'policies', an area's name, or 'root' (index.ts, areas.ts, registry.ts). */
const layerOf = (path) => {
  const first = relative(domain, path).split('/')[0];
  return first.endsWith('.ts') ? 'root' : first;
};
const resolveTarget = (from, spec) => {
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return base;
};
const isAreaIndex = (path, area) => relative(domain, path) === `${area}/index.ts`;
const isModelFile = (path) => /\/(records|ports)\.ts$/.test(path);

for (const file of files(domain)) {
  const from = layerOf(file);
  if (from === 'root') continue;
  const where = relative(root, file);
  for (const { spec, typeOnly } of importsOf(file)) {
    if (!spec?.startsWith('.')) continue;
    const target = resolveTarget(file, spec);
    const to = layerOf(target);
    if (from === to || to === 'core') continue;
    const what = `${where} imports ${relative(root, target)}`;
    if (from === 'core') {
      violations.push(`${what}: core imports only core`);
    } else if (from === 'policies') {
      if (!(typeOnly && isModelFile(target)))
        violations.push(
          `${what}: policies import core, policies, and only types from the areas' records.ts and ports.ts`,
        );
    } else if (to === 'policies') {
      // Areas build on the rules.
    } else if (to === 'root') {
      violations.push(`${what}: an area never imports the registry or the domain's index`);
    } else if (typeOnly && isModelFile(target)) {
      // An area's records and ports are plain types: any area may name them, as policies do,
      // without loading the area (a later area's index would close a circle of types).
    } else if (!isAreaIndex(target, to)) {
      violations.push(`${what}: another area is imported only through its index.ts`);
    } else if (!typeOnly && AREA_ORDER.indexOf(to) > AREA_ORDER.indexOf(from)) {
      violations.push(
        `${what}: at run time ${from} may import only areas before it (${AREA_ORDER.join(' < ')})`,
      );
    } else if (!AREA_ORDER.includes(from) || !AREA_ORDER.includes(to)) {
      violations.push(`${what}: add the area to domainAreas in packages/domain/src/areas.ts`);
    }
  }
}

if (violations.length > 0) {
  console.error(`Dependency rules violated:\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
console.log(
  'dependency rules hold: apps -> persistence -> (domain, store-embedded -> store); in the domain core <- policies <- areas',
);
