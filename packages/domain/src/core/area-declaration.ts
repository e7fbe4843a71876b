/**
 * An area declares itself once, in its own `area.ts`: its key, the areas it builds on, the
 * operations it mounts, the job kinds it handles, the repositories and ports it adds to the
 * operation context, and its rule table. `src/areas.ts` lists the areas in order; the
 * registry, the job handlers and the dependency rule's area order are derived from that list.
 */
import type { AreaPorts, Repositories } from './context';
import { isOperation, type OperationTree } from './operation';

export interface AreaDeclaration {
  /** The area's name: its folder under `packages/domain/src`. */
  readonly key: string;
  /** The areas it uses at run time (their keys); `src/areas.ts` lists each after these. */
  readonly buildsOn: readonly string[];
  /**
   * Its operations. Trees of several areas may share a branch (`spaces` holds the content
   * area's operations and the comments area's `spaces.comments`); an operation's path is
   * mounted once (`mountAreas` refuses a second).
   */
  readonly operations: OperationTree;
  /** The job kinds it runs, by kind. */
  readonly jobHandlers?: Readonly<Record<string, unknown>>;
  /** The keys it adds to `ctx.repos` (declared by merging into `Repositories` in its `repositories.ts`). */
  readonly repositories: readonly (keyof Repositories)[];
  /** The ports it adds to the operation context (declared by merging into `AreaPorts` in its `ports.ts`). */
  readonly ports: readonly (keyof AreaPorts)[];
  /** Its rule table: who may do each of its actions (`policies/<area>-policy.ts`); absent when another area's rules decide. */
  readonly policy?: Readonly<Record<string, unknown>>;
}

/** Declares an area, keeping its exact type (the registry's type is built from the operations'). */
export function defineArea<const Area extends AreaDeclaration>(area: Area): Area {
  return area;
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The operation tree of several areas together, as a type: their trees merged branch by branch. */
export type MountedOperations<Areas extends readonly AreaDeclaration[]> = UnionToIntersection<
  Areas[number]['operations']
>;

const isTree = (value: unknown): value is OperationTree => !isOperation(value);

function mergeInto(
  target: OperationTree,
  tree: OperationTree,
  path: string,
  owner: Map<string, string>,
  area: string,
) {
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    const present = target[key];
    if (present === undefined) {
      target[key] = isTree(value) ? mergeInto({}, value, at, owner, area) : value;
      owner.set(at, area);
    } else if (isTree(present) && isTree(value)) {
      mergeInto(present, value, at, owner, area);
    } else {
      throw new Error(`registry: ${at} is mounted by both ${owner.get(at)} and ${area}`);
    }
  }
  return target;
}

/**
 * The operations of `areas` as one tree. Throws when two areas mount the same path, or one
 * mounts an operation where another has a branch, so no operation is silently replaced.
 */
export function mountAreas<const Areas extends readonly AreaDeclaration[]>(
  areas: Areas,
): MountedOperations<Areas> {
  const owner = new Map<string, string>();
  const tree: OperationTree = {};
  for (const area of areas) mergeInto(tree, area.operations, '', owner, area.key);
  return tree as MountedOperations<Areas>;
}

/**
 * Checks that each area comes after the areas it builds on and is listed once; throws naming
 * the first that does not. The list's order is the dependency rule's area order.
 */
export function checkAreaOrder(areas: readonly AreaDeclaration[]): void {
  const seen = new Set<string>();
  for (const area of areas) {
    if (seen.has(area.key)) throw new Error(`areas: ${area.key} is listed twice`);
    const missing = area.buildsOn.filter((key) => !seen.has(key));
    if (missing.length > 0)
      throw new Error(`areas: ${area.key} builds on ${missing.join(', ')}, which must come before it`);
    seen.add(area.key);
  }
}
