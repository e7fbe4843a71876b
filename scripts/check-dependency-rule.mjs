#!/usr/bin/env node
// Checks the dependency rule `apps -> packages/mongo -> packages/domain` mechanically:
// each package may import only what its line below allows. Run by `pnpm test`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

const rules = [
  {
    dir: 'packages/domain/src',
    // Pure TypeScript: no driver, no HTTP library, no node: modules.
    allowed: (spec) => spec === 'zod' || spec === 'fractional-indexing',
    why: 'the domain imports nothing but zod and fractional-indexing (pure: no I/O, no drivers, no node: modules)',
  },
  {
    dir: 'packages/mongo/src',
    allowed: (spec) =>
      spec === '@quire/domain' ||
      /^(mongodb|mingo|sorted-btree)(\/|$)/.test(spec) ||
      spec.startsWith('node:'),
    why: 'packages/mongo depends only on @quire/domain, its drivers and node: modules (never on apps)',
  },
  {
    dir: 'apps/server/src',
    allowed: (spec) => !spec.startsWith('@quire/') || ['@quire/domain', '@quire/mongo'].includes(spec),
    why: 'apps depend on packages, never on other apps',
  },
];

const importPattern =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
}

const violations = [];
for (const rule of rules) {
  for (const file of files(join(root, rule.dir))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const spec = match[1] ?? match[2];
      if (!spec || spec.startsWith('.')) continue;
      if (!rule.allowed(spec)) violations.push(`${relative(root, file)} imports '${spec}': ${rule.why}`);
    }
  }
}

if (violations.length > 0) {
  console.error(
    `Dependency rule violated (apps -> packages/mongo -> packages/domain):\n  ${violations.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('dependency rule: apps -> packages/mongo -> packages/domain holds');
