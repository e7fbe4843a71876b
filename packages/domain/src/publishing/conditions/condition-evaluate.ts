/**
 * Evaluates a parsed condition for one visitor's claims. Safe on any input: it reads only
 * own data properties of plain objects (never a getter, never the prototype), so
 * `toString` or `__proto__` is simply a missing claim; each node is visited at most once,
 * so the cost is linear in the tree (at most 256 nodes, see `CONDITION_LIMITS`).
 *
 * Semantics, close to JavaScript's without its conversions:
 * - a missing claim (or a path through something that is not a plain object) is `undefined`;
 * - `==` is `===`, except that `null` and `undefined` equal each other (so
 *   `visitor.claims.x == null` asks whether the visitor lacks `x`); `!=` is its negation;
 * - `!`, `&&` and `||` work on truthiness and give booleans;
 * - the condition holds when the whole expression is truthy.
 */

import type { ConditionNode } from './condition-ast';

const isPlainObject = (value: unknown): value is object => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

function readClaim(claims: unknown, path: readonly string[]): unknown {
  let current = claims;
  for (const segment of path) {
    if (!isPlainObject(current)) return undefined;
    const property = Object.getOwnPropertyDescriptor(current, segment);
    if (property === undefined || !('value' in property)) return undefined;
    current = property.value;
  }
  return current;
}

const isAbsent = (value: unknown): boolean => value === null || value === undefined;

const equal = (left: unknown, right: unknown): boolean =>
  left === right || (isAbsent(left) && isAbsent(right));

function valueOfNode(node: ConditionNode, claims: unknown): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'claim':
      return readClaim(claims, node.path);
    case 'not':
      return !valueOfNode(node.operand, claims);
    case 'and':
      return Boolean(valueOfNode(node.left, claims)) && Boolean(valueOfNode(node.right, claims));
    case 'or':
      return Boolean(valueOfNode(node.left, claims)) || Boolean(valueOfNode(node.right, claims));
    case 'compare': {
      const same = equal(valueOfNode(node.left, claims), valueOfNode(node.right, claims));
      return node.operator === '==' ? same : !same;
    }
  }
}

/** Whether the condition holds for a visitor whose claims (`visitor.claims`) are `claims`. */
export function evaluateCondition(ast: ConditionNode, claims: unknown): boolean {
  return Boolean(valueOfNode(ast, claims));
}
