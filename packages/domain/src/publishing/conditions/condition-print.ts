/**
 * Writes a condition tree back as text that `parseCondition` reads as the same tree: the
 * template catalog is built from trees, and the editor may show a condition normalized.
 */

import type { ConditionLiteralValue, ConditionNode } from './condition-ast';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Binding strength: a child looser than its place needs parentheses. */
const PRECEDENCE: Readonly<Record<ConditionNode['kind'], number>> = {
  or: 1,
  and: 2,
  compare: 3,
  not: 4,
  literal: 5,
  claim: 5,
};

const STRING_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

const printString = (value: string): string =>
  '"' + value.replace(/[\\"\n\r\t]/g, (character) => STRING_ESCAPES[character]!) + '"';

const printLiteral = (value: ConditionLiteralValue): string => {
  if (typeof value === 'string') return printString(value);
  if (typeof value === 'number') return value < 0 ? '-' + String(-value) : String(value);
  return String(value);
};

const printSegment = (segment: string): string =>
  IDENTIFIER.test(segment) ? '.' + segment : '[' + printString(segment) + ']';

function printAt(node: ConditionNode, needed: number): string {
  const text = printNode(node);
  return PRECEDENCE[node.kind] < needed ? '(' + text + ')' : text;
}

function printNode(node: ConditionNode): string {
  switch (node.kind) {
    case 'or':
    case 'and': {
      const level = PRECEDENCE[node.kind];
      const operator = node.kind === 'or' ? ' || ' : ' && ';
      // Left-associative: a right operand of the same strength keeps its parentheses.
      return printAt(node.left, level) + operator + printAt(node.right, level + 1);
    }
    case 'compare':
      return printAt(node.left, 3) + ' ' + node.operator + ' ' + printAt(node.right, 4);
    case 'not':
      return '!' + printAt(node.operand, 4);
    case 'literal':
      return printLiteral(node.value);
    case 'claim':
      return 'visitor.claims' + node.path.map(printSegment).join('');
  }
}

export function printCondition(node: ConditionNode): string {
  return printNode(node);
}
