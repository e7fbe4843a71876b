/**
 * An operation is a capability defined once: its name, kind, input schema, output schema
 * and `run`. The REST route table, the tRPC router and the GraphQL schema are all built
 * from the registry of operations; faces parse, call `executeOperation`, and format.
 */
import type { z } from 'zod';
import type { OperationContext } from './context';

export type OperationKind = 'query' | 'mutation';

/**
 * Who may call an operation at all, before the operation's own permission rules:
 * 'user' needs a valid API token, 'instanceAdmin' an instance administrator's token,
 * 'visitor' anyone: a member's token or session when one is sent, else an anonymous visitor
 * (`ctx.caller` null; the operation decides what an anonymous visitor may see).
 */
export type OperationAccess = 'user' | 'instanceAdmin' | 'visitor';

const operationBrand: unique symbol = Symbol('quire.operation');

export interface OperationDefinition<Input extends z.ZodType, Output extends z.ZodType> {
  /** Dotted name, e.g. 'orgs.members.list'; the tRPC path and the GraphQL field derive from it. */
  name: string;
  kind: OperationKind;
  /** One line for the OpenAPI document and the GraphQL schema. */
  summary: string;
  access?: OperationAccess;
  /**
   * What a query spends of the caller's beyond its rate-limit point (one of their questions to
   * the AI provider): a signed-in browser must then send its session's CSRF token with it, as
   * with any change, so that another site's page cannot spend it in their name with a link or
   * an image (a GET carries the session cookie across sites: SameSite=Lax).
   */
  spends?: string;
  input: Input;
  /** What `run` resolves to; `z.null()` for operations without a response body. */
  output: Output;
  run(ctx: OperationContext, input: z.output<Input>): Promise<z.input<Output>>;
  /**
   * What the audit log records of a mutation (`audit-actions.ts`): by default an event whose
   * action is the operation's name; `{ action }` names it otherwise; `{ skip }` records none,
   * saying why (what anonymous readers send is counted, not audited). Queries record nothing.
   */
  audit?: OperationAudit;
}

export type OperationAudit = { action: string } | { skip: string };

export interface Operation<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType>
  extends OperationDefinition<Input, Output> {
  readonly [operationBrand]: true;
  access: OperationAccess;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds operations of every input and output type
export type AnyOperation = Operation<any, any>;

/** Defines an operation; its `kind` stays a literal type, so typed clients know query from mutation. */
export function operation<Input extends z.ZodType, Output extends z.ZodType, Kind extends OperationKind>(
  definition: OperationDefinition<Input, Output> & { kind: Kind },
): Operation<Input, Output> & { kind: Kind } {
  return { access: 'user', ...definition, [operationBrand]: true };
}

export function isOperation(value: unknown): value is AnyOperation {
  return typeof value === 'object' && value !== null && operationBrand in value;
}

/** A tree of operations; the path of an operation in the tree is its name. */
export interface OperationTree {
  [key: string]: AnyOperation | OperationTree;
}

export function flattenOperations(tree: OperationTree, prefix = ''): Array<[path: string, op: AnyOperation]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isOperation(value) ? [[path, value] as [string, AnyOperation]] : flattenOperations(value, path);
  });
}
