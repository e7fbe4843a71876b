/**
 * One row of the permission matrix: a route, the input each caller sends, the state the
 * call may change, and the status every kind of caller must get.
 */

import type { Face } from '../faces/face-call';
import type { Expectation, Expected } from './expectations';
import type { MatrixCaller, MatrixFixture } from './matrix-fixture';

export interface MatrixCase<Extra = unknown> {
  /** `METHOD /path` as in the route table. */
  route: string;
  /** What the case is about, when a route has several. */
  title?: string;
  /**
   * Fresh state for the call (an item to delete, a member to remove). Queries prepare once
   * for every caller and face; mutations once per call, so a success on one face leaves
   * the next face the same state.
   */
  prepare?: (fixture: MatrixFixture) => Promise<Extra>;
  /** The operation's input (path parameters and fields) the caller sends. */
  input: (
    fixture: MatrixFixture,
    extra: Extra,
    caller: MatrixCaller,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /**
   * Reads the state the call may change, as the organization's admin. A refused call (and a
   * success marked `unchanged`) must leave it equal; an allowed call must change it.
   */
  observe?: (fixture: MatrixFixture, extra: Extra) => Promise<unknown>;
  expected: Expected;
  /**
   * What the site API token's visitor must get, when it is not `siteTokenDefault` (403 for a
   * write, 404 for a read): a read of what the token's own site shows them.
   */
  siteToken?: Expectation;
  /**
   * The faces the case runs on (default: all three). GraphQL answers no request without a
   * caller, so an operation anonymous visitors may call is checked on REST and tRPC.
   */
  faces?: readonly Face[];
  /** Why an expectation is the rule even where the code of today answers otherwise. */
  rule?: string;
  /**
   * Checks what a success answered (`data`: REST's body, tRPC's result, GraphQL's least
   * selection: `totalCount` of a connection), on each face: what the caller is shown, where
   * the status alone cannot tell (a list leaving out what they may not see).
   */
  expectData?: (
    data: unknown,
    call: { face: Face; caller: MatrixCaller; fixture: MatrixFixture; extra: Extra },
  ) => void;
}

/** Declares a case with its own `Extra` type, for a table of cases of mixed types. */
export const matrixCase = <Extra>(definition: MatrixCase<Extra>): MatrixCase =>
  definition as unknown as MatrixCase;
