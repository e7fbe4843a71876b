/**
 * The prepared documents keep at most their capacity, forgetting the one least recently found
 * (`prepared-operations.ts`): a call finding its document marks it, without reordering.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { type CompiledDocument, PreparedOperations } from '../../src/faces/graphql/prepared-operations';
import { registrySchemaOnce } from '../../src/faces/graphql/schema';

const compiledQuery: CompiledDocument = {
  query: () => ({ data: {} }),
  stringify: (result) => JSON.stringify(result),
};

/** Prepares `query` as envelop's path does: its compiled query first, then the operation. */
function prepare(prepared: PreparedOperations, query: string) {
  prepared.compiled.set(query, compiledQuery);
  prepared.prepare(query, parse(query), registrySchemaOnce());
}

const documentNamed = (name: string) => `query ${name} { __typename }`;

describe('prepared documents past their capacity', () => {
  it('forget the least recently found, not the least recently prepared', () => {
    const prepared = new PreparedOperations(2);
    prepare(prepared, documentNamed('First'));
    prepare(prepared, documentNamed('Second'));
    expect(prepared.find(documentNamed('First'))?.name).toBe('First');
    prepare(prepared, documentNamed('Third'));
    expect(prepared.find(documentNamed('Second'))).toBeUndefined();
    expect(prepared.find(documentNamed('First'))?.name).toBe('First');
    expect(prepared.find(documentNamed('Third'))?.name).toBe('Third');
  });

  it('keep a document prepared again once, at its capacity', () => {
    const prepared = new PreparedOperations(2);
    prepare(prepared, documentNamed('First'));
    prepare(prepared, documentNamed('Second'));
    prepare(prepared, documentNamed('First'));
    expect(prepared.find(documentNamed('First'))?.kind).toBe('query');
    expect(prepared.find(documentNamed('Second'))?.kind).toBe('query');
  });

  it('keep only documents of one operation', () => {
    const prepared = new PreparedOperations(2);
    const two = `${documentNamed('One')}\n${documentNamed('Two')}`;
    prepare(prepared, two);
    expect(prepared.find(two)).toBeUndefined();
  });
});
