#!/usr/bin/env node
/**
 * Finds cycles of value imports among the source files; run by `pnpm test`.
 *
 * A cycle of modules that import each other's values loads in an order that depends on
 * which file was imported first, so a value read while its module is still loading is
 * `undefined` (or a TDZ error), and the files of a cycle cannot be understood, tested or
 * split one at a time. Type-only imports are erased before run time and do not count:
 * `import type`, `export type`, and `import { type A, type B }` where every name is a type.
 * Dynamic `import()` does not count either: it runs after every module has loaded.
 *
 * Read: apps/server/src, apps/web/src, packages/<name>/src. Relative specifiers resolve to
 * a file (`.ts`, `.tsx`, ... or `index.*`), `@quire/<name>[/sub]` through that package's
 * `exports` map; other packages are outside and ignored.
 *
 * Each group of files that reach each other (a strongly connected component) is listed
 * with shortest cycles through its files until every file of the group is on one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** The default source folders of the repository at `root`. */
export function sourceDirsOf(root) {
  const dirs = ['apps/server/src', 'apps/web/src'];
  const packages = join(root, 'packages');
  if (existsSync(packages)) {
    for (const name of readdirSync(packages).sort()) dirs.push(`packages/${name}/src`);
  }
  return dirs.filter((dir) => existsSync(join(root, dir)));
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) yield path;
  }
}

/**
 * The specifiers of `file` whose import loads the module as it loads; with `all`, every
 * import: type-only ones, `import()` and `typeof import()` too.
 */
export function importsOf(file, { all = false } = {}, text = readFileSync(file, 'utf8')) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const specs = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const clause = statement.importClause;
      if (!all && clause && isTypeOnlyImport(clause)) continue;
      specs.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement)) {
      if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (!all && isTypeOnlyExport(statement)) continue;
      specs.push(statement.moduleSpecifier.text);
    }
  }
  if (all) {
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [spec] = node.arguments;
        if (spec && ts.isStringLiteralLike(spec)) specs.push(spec.text);
      } else if (ts.isImportTypeNode(node)) {
        const { argument } = node;
        if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
          specs.push(argument.literal.text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return specs;
}

function isTypeOnlyExport(statement) {
  if (statement.isTypeOnly) return true;
  const clause = statement.exportClause;
  if (!clause || !ts.isNamedExports(clause) || clause.elements.length === 0) return false;
  return clause.elements.every((element) => element.isTypeOnly);
}

function isTypeOnlyImport(clause) {
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings) || bindings.elements.length === 0) return false;
  return bindings.elements.every((element) => element.isTypeOnly);
}

/** Resolves specifiers to files: relative ones, and `@quire/*` through the packages' `exports`. */
function makeResolver(root) {
  const workspace = new Map();
  for (const group of ['apps', 'packages']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const manifest = join(dir, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (pkg.name) workspace.set(pkg.name, { dir: join(dir, name), exports: pkg.exports ?? pkg.main });
    }
  }
  const asFile = (base) => {
    const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext)];
    // `./x.js` written for `./x.ts` (NodeNext style).
    if (/\.(m?js)$/.test(base))
      candidates.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
    candidates.push(...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`)));
    return candidates.find((path) => existsSync(path) && statSync(path).isFile());
  };
  return (from, spec) => {
    if (spec.startsWith('.')) return asFile(resolve(dirname(from), spec));
    const match = /^(@quire\/[^/]+)(\/.*)?$/.exec(spec);
    const pkg = match && workspace.get(match[1]);
    if (!pkg) return undefined;
    const subpath = `.${match[2] ?? ''}`;
    const target =
      typeof pkg.exports === 'string'
        ? subpath === '.' && pkg.exports
        : pkg.exports && exportTarget(pkg.exports[subpath]);
    return target ? asFile(join(pkg.dir, target)) : undefined;
  };
}

/** The file an `exports` entry names: a path, or the first path in a conditions object. */
function exportTarget(entry) {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object') {
    for (const value of Object.values(entry)) {
      const target = exportTarget(value);
      if (target) return target;
    }
  }
  return undefined;
}

/** The import graph of the files under `sourceDirs`: file -> the files it imports. */
export function importGraph(root, { sourceDirs = sourceDirsOf(root), all = false } = {}) {
  const resolveSpec = makeResolver(root);
  const graph = new Map();
  for (const dir of sourceDirs) {
    for (const file of sourceFiles(join(root, dir))) graph.set(file, []);
  }
  for (const [file, edges] of graph) {
    for (const spec of importsOf(file, { all })) {
      const target = resolveSpec(file, spec);
      if (target && graph.has(target) && !edges.includes(target)) edges.push(target);
    }
  }
  return graph;
}

/** Strongly connected components with a cycle (more than one file, or a file importing itself). */
function cyclicComponents(graph) {
  // Tarjan's algorithm, iterative (deep import chains would overflow the stack).
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next);
    next++;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node);
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next++;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node).includes(frame.node)) components.push(component);
      }
    }
  }
  return components;
}

/** The shortest cycle through `start` inside `members`, as a chain that ends where it starts. */
function shortestCycleThrough(graph, members, start) {
  const previous = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of graph.get(node)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)) chain.push(at);
        chain.push(start);
        // Built backwards from the last file: reverse all but the repeated start.
        return [start, ...chain.slice(1, -1).reverse(), start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return undefined;
}

/**
 * The import cycles under `root`: one entry per group of files that import each other,
 * with its files and shortest cycles (chains of files, relative to `root`) covering them all.
 * `all: true` counts every import (type-only ones and `import()` too), to see circles of any kind.
 */
export function findImportCycles(root, options = {}) {
  const graph = importGraph(root, options);
  const groups = [];
  for (const component of cyclicComponents(graph)) {
    const members = new Set(component);
    const files = [...component].sort();
    const covered = new Set();
    const cycles = [];
    for (const file of files) {
      if (covered.has(file)) continue;
      const cycle = shortestCycleThrough(graph, members, file);
      if (!cycle) continue;
      for (const member of cycle) covered.add(member);
      cycles.push(cycle.map((path) => relative(root, path)));
    }
    groups.push({ files: files.map((path) => relative(root, path)), cycles });
  }
  return groups.sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

function main() {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const rootArg = args.find((arg) => !arg.startsWith('--'));
  const root = resolve(rootArg ?? fileURLToPath(new URL('..', import.meta.url)));
  const groups = findImportCycles(root, { all });
  const kind = all ? 'any import: type-only and import() too' : 'value imports';
  if (groups.length === 0) {
    console.log(`no import cycles: no source file reaches itself through ${kind}`);
    return;
  }
  const lines = [`Import cycles (${kind}) in ${groups.length} group(s):`];
  for (const group of groups) {
    lines.push(`  ${group.files.length} files:`);
    for (const cycle of group.cycles) lines.push(`    ${cycle.join('\n      -> ')}`);
  }
  lines.push(
    all
      ? 'Break each by moving what both sides need into a file both import.'
      : 'Break each by moving what both sides need into a file both import, or import types only.',
  );
  console.error(lines.join('\n'));
  process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
