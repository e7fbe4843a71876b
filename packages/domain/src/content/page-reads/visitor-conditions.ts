/**
 * The visitor conditions of `if` blocks, for a document read evaluated by a site API token's
 * bearer (`resolved-document.ts`): GitBook's renderer shows no `if` block itself, it expects
 * the API to have decided each one for the visitor whose claims the token carries. A port
 * because the condition language is the publishing area's (`publishing/conditions`), which
 * content cannot import: the server provides it with the same parser and evaluator the site's
 * conditions use.
 */
export interface VisitorConditions {
  /**
   * Whether `expression` (an `if` block's, e.g. `visitor.claims.unsigned.beta`) holds for a
   * visitor with `claims`; an expression that does not parse does not hold (fail closed).
   */
  holds(expression: string, claims: Readonly<Record<string, unknown>>): boolean;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** `if` blocks' conditions evaluated against a site visitor's claims. */
    visitorConditions: VisitorConditions;
  }
}
