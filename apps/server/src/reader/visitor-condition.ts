/**
 * An `if` block's expression for one visitor (issue 29, item 2): GitBook's condition language
 * (`visitor.claims.<path>`, `==`, `!=`, `&&`, `||`, `!`), parsed by the same parser the site's
 * conditions use and evaluated on the claims of the visitor's site token (signed claims, the
 * unsigned ones under `unsigned`). An expression that does not parse hides its block (fail
 * closed, as a site's condition that does not compile hides its section). Parsed once per
 * expression for the visit.
 */
import { evaluateCondition, parseCondition } from '@quire/domain';

export function visitorCondition(claims: Record<string, unknown>): (expression: string) => boolean {
  const known = new Map<string, boolean>();
  return (expression) => {
    let holds = known.get(expression);
    if (holds === undefined) {
      const parsed = parseCondition(expression);
      holds = parsed.ok ? evaluateCondition(parsed.ast, claims) : false;
      known.set(expression, holds);
    }
    return holds;
  };
}
