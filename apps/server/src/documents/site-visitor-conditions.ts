/**
 * `if` blocks' conditions for the domain's evaluated document reads (`VisitorConditions`):
 * GitBook's condition language, parsed by the parser the site's conditions use and evaluated
 * on the visitor's claims. An expression that does not parse holds for nobody (fail closed, as
 * a site's condition that does not compile hides its section). Parsed expressions are kept
 * (a bounded number: an `if` block's expression is text of the page).
 */
import { evaluateCondition, parseCondition, type VisitorConditions } from '@quire/domain';

type ConditionNode = Extract<ReturnType<typeof parseCondition>, { ok: true }>['ast'];

const KEPT_EXPRESSIONS = 1_000;

export class SiteVisitorConditions implements VisitorConditions {
  readonly #parsed = new Map<string, ConditionNode | null>();

  holds(expression: string, claims: Readonly<Record<string, unknown>>): boolean {
    let ast = this.#parsed.get(expression);
    if (ast === undefined) {
      const parsed = parseCondition(expression);
      ast = parsed.ok ? parsed.ast : null;
      if (this.#parsed.size >= KEPT_EXPRESSIONS) this.#parsed.clear();
      this.#parsed.set(expression, ast);
    }
    return ast !== null && evaluateCondition(ast, claims);
  }
}
