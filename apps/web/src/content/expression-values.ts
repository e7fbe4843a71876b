/**
 * The value an expression of a page shows (`{{ space.vars.version }}`), from the variables of
 * the space (the revision's `variables`) and of the page (the page's `variables`), as the
 * server evaluates them (`reusable-contents/expressions.ts` of the domain, which the app may
 * not import): a variable `space.vars.<name>` or `page.vars.<name>` (also `vars["<name>"]`),
 * or a literal; anything else is not evaluated and nothing of it runs. Values are looked up
 * as own properties only, so no name reaches an object's prototype.
 */

export type VariableValues = Readonly<Record<string, string | number | boolean>>;

export interface ExpressionScope {
  space: VariableValues;
  page: VariableValues;
}

export type ExpressionOutcome =
  | { known: true; text: string }
  | { known: false; reason: 'unknown-variable' | 'unsupported'; variable?: string };

const MAX_EXPRESSION = 1_000;
const VARIABLE = /^(space|page)\.vars(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*\])$/;
const NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const STRING = /^(?:"([^"\\]*)"|'([^'\\]*)')$/;

export function evaluateExpression(expression: string, scope: ExpressionScope): ExpressionOutcome {
  if (expression.length > MAX_EXPRESSION) return { known: false, reason: 'unsupported' };
  const text = expression.trim();
  const variable = VARIABLE.exec(text);
  if (variable) {
    const owner = variable[1] as 'space' | 'page';
    const name = (variable[2] ?? variable[3] ?? variable[4]) as string;
    const values = scope[owner];
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return { known: true, text: String(value) };
    return { known: false, reason: 'unknown-variable', variable: `${owner}.vars.${name}` };
  }
  if (text === 'true' || text === 'false' || NUMBER.test(text))
    return { known: true, text: String(JSON.parse(text)) };
  const string = STRING.exec(text);
  if (string) return { known: true, text: (string[1] ?? string[2]) as string };
  return { known: false, reason: 'unsupported' };
}

/** Variables as the API gives them, kept to the values an expression can show. */
export function variablesOf(value: unknown): VariableValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const out: Record<string, string | number | boolean> = Object.create(null);
  for (const [name, item] of Object.entries(value))
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') out[name] = item;
  return out;
}
