/**
 * GitBook's expressions (`{{ space.vars.version }}` in markdown, the `expression` inline of a
 * document, `data.expression` its text), evaluated against the variables of the space and
 * of the page.
 *
 * What an expression may be: a variable, `space.vars.<name>` or `page.vars.<name>` (also
 * `space.vars["<name>"]`), or a literal (a quoted string, a number, `true`, `false`), with
 * spaces around. Anything else (operators, calls, other objects) is not evaluated: the
 * outcome says so, and nothing of it runs. A variable the scope does not hold is
 * `unknown-variable`, naming it. Linear in the expression's length (at most 1,000 characters).
 */
import type { VariableValues } from '../revisions/records';

export interface ExpressionScope {
  space: VariableValues;
  page: VariableValues;
}

export type ExpressionValue = string | number | boolean;

export type ExpressionOutcome =
  | { ok: true; value: ExpressionValue }
  | { ok: false; reason: 'unknown-variable'; variable: string; message: string }
  | { ok: false; reason: 'unsupported'; message: string };

const MAX_EXPRESSION = 1_000;

const VARIABLE = /^(space|page)\.vars(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\])$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const STRING = /^(?:"([^"\\]*)"|'([^'\\]*)')$/;

export function evaluateExpression(expression: string, scope: ExpressionScope): ExpressionOutcome {
  if (expression.length > MAX_EXPRESSION) {
    return { ok: false, reason: 'unsupported', message: `longer than ${MAX_EXPRESSION} characters` };
  }
  const text = expression.trim();
  const variable = VARIABLE.exec(text);
  if (variable) {
    const owner = variable[1] as 'space' | 'page';
    const name = (variable[2] ?? variable[3] ?? variable[4]) as string;
    const values = scope[owner];
    if (Object.hasOwn(values, name)) return { ok: true, value: values[name] as ExpressionValue };
    const named = `${owner}.vars.${name}`;
    return {
      ok: false,
      reason: 'unknown-variable',
      variable: named,
      message: `no variable ${JSON.stringify(name)} in the ${owner}'s variables`,
    };
  }
  if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
  if (NUMBER.test(text)) return { ok: true, value: Number(text) };
  const string = STRING.exec(text);
  if (string) return { ok: true, value: (string[1] ?? string[2]) as string };
  return {
    ok: false,
    reason: 'unsupported',
    message: 'only space.vars.<name>, page.vars.<name> and literals are evaluated',
  };
}

/** The text an evaluated value shows as (GitBook prints numbers and booleans as JavaScript does). */
export const expressionText = (value: ExpressionValue): string => String(value);
