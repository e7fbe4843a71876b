/**
 * The mingo options every query and update of the engine runs with, built once.
 *
 * mingo's `Query` from its package index merges its default operator tables with the
 * caller's context on every construction (copying every table, several hundred entries),
 * then its base class copies the merged context once more. A query that read one document
 * spent most of its time there. The engine instead builds one context holding every
 * operator, plus its own `$orderedEq`, and hands queries options that mingo recognizes as
 * already prepared, which it reuses as they are.
 */
import { Context } from 'mingo/core';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { Query } from 'mingo/query';
import type { AnyObject, Options } from 'mingo/types';

export type QueryOperator = (
  selector: string,
  value: unknown,
  options: Options,
) => (doc: AnyObject) => boolean;

/** A context with every mingo operator (as `mingo`'s index has) and the engine's query operators. */
export function engineContext(extraQueryOperators: Record<string, QueryOperator>): Context {
  return Context.init({
    accumulator: accumulatorOperators,
    expression: expressionOperators,
    pipeline: pipelineOperators,
    projection: projectionOperators,
    query: { ...queryOperators, ...extraQueryOperators } as never,
    window: windowOperators,
  });
}

interface ComputeOptionsClass {
  init(options: Partial<Options>): Options;
}

/**
 * Options for `new Query(...)` that mingo uses without copying `context`: an instance of
 * its `ComputeOptions` class. The class is not exported, but a query operator receives an
 * instance, whose constructor it is; a throwaway query with a throwaway operator catches
 * one. Should a later mingo change that, plain options are returned: slower, still right.
 */
export function preparedOptions(context: Context): Partial<Options> {
  let received: unknown;
  const probe = Context.init({
    query: {
      $probe: (_selector: string, _value: unknown, options: Options) => {
        received = options;
        return () => true;
      },
    } as never,
  });
  new Query({ field: { $probe: true } }, { context: probe });
  const optionsClass = (received as { constructor?: Partial<ComputeOptionsClass> } | undefined)?.constructor;
  if (typeof optionsClass?.init !== 'function') return { context };
  const options = optionsClass.init({ context });
  return (options as Partial<Options>).context === undefined ? { context } : options;
}
