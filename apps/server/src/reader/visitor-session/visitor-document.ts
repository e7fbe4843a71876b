/**
 * A page's document as one visitor may read it: every `if` block (GitBook's adaptive content:
 * "shown to visitors whose claims make `expression` true") kept with its blocks when its
 * condition holds for the visitor's claims, left out with them otherwise. The conditions are
 * the sites' own language (parsed, never evaluated as code, bounded); one that does not parse
 * hides its blocks (fail closed, as a site's conditions do).
 * Every machine format (markdown, llms-full.txt) reads documents through this, and the HTML
 * page tests its `if` blocks with the same `visitorCondition`, so nothing a visitor may not
 * read reaches them in any form.
 *
 * `claims` are what the visitor's site API token carries (`SiteVisitorGrant.claims`: signed
 * claims, unsigned ones under `unsigned`), the very value the site's conditions are tested on;
 * the expressions are evaluated by the reader's `visitorCondition`, the HTML page's own rule.
 */
import { visitorCondition } from '../visitor-condition';

/** Whether an `if` block's expression holds for the visitor (`visitorCondition`: one rule with the HTML page). */
export type ConditionHolds = (expression: string) => boolean;

interface NodeLike {
  type?: unknown;
  data?: { expression?: unknown };
  nodes?: unknown;
}

/**
 * The document (or any node of it) with the `if` blocks whose condition fails for `claims`
 * left out, and those whose condition holds kept as they are. A new tree where something was
 * left out; the same objects otherwise (the input is never changed).
 */
export function documentForVisitor<T>(document: T, claims: Record<string, unknown>): T {
  return documentWhere(document, visitorCondition(claims));
}

/** As `documentForVisitor`, with the visitor's condition already made. */
export function documentWhere<T>(document: T, holds: ConditionHolds): T {
  return pruned(document, holds) as T;
}

function pruned(node: unknown, holds: ConditionHolds): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const { nodes } = node as NodeLike;
  if (!Array.isArray(nodes)) return node;
  let changed = false;
  const kept: unknown[] = [];
  for (const child of nodes) {
    const candidate = child as NodeLike;
    if (candidate?.type === 'if') {
      const expression = candidate.data?.expression;
      if (typeof expression !== 'string' || !holds(expression)) {
        changed = true;
        continue;
      }
    }
    const next = pruned(child, holds);
    if (next !== child) changed = true;
    kept.push(next);
  }
  return changed ? { ...(node as object), nodes: kept } : node;
}
