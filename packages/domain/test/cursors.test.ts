/**
 * Cursors come back from clients: whatever they hold, decoding yields an id and scalars or
 * a 400 naming `page` — never an object that could reach a store filter as an operator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/core/errors';
import { type Cursor, decodeCursor, encodeCursor } from '../src/core/paging';

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function refusal(page: string): DomainError | undefined {
  try {
    decodeCursor(page);
    return undefined;
  } catch (error) {
    return error as DomainError;
  }
}

describe('decodeCursor', () => {
  it('round-trips the cursors the API issues', () => {
    const cursors: Cursor[] = [
      { id: 'abc', values: [] },
      { id: '0AbC', values: ['2026-11-23T00:00:00.000Z'] },
      { id: 'x', values: [null] },
      { id: 'y', values: ['a0', 3, true] },
    ];
    for (const cursor of cursors) expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['an operator in place of a value', JSON.stringify(['x', { $where: '1' }])],
    ['a regex operator as the whole cursor', JSON.stringify({ $regex: '(' })],
    ['an operator in place of the id', JSON.stringify([{ $gt: '' }])],
    ['a nested array', JSON.stringify(['x', ['a']])],
    ['a number as the id', JSON.stringify([1, 2])],
    ['an empty array', '[]'],
    ['too many values', JSON.stringify(['x', 'a', 'b', 'c', 'd'])],
    ['a huge array', JSON.stringify(['x', ...Array.from({ length: 10_000 }, () => 'a')])],
    ['a long value', JSON.stringify(['x', 'a'.repeat(2000)])],
    ['an infinite number', '["x",1e999]'],
    ['JSON that is not a cursor', '"x"'],
    ['text that is not JSON', 'not json'],
  ])('refuses %s with a 400 naming page', (_title, text) => {
    const error = refusal(base64url(text));
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.code).toBe('validation');
    expect(error?.details.issues).toEqual([{ field: 'page', message: 'not a cursor returned by this API' }]);
  });

  it('refuses text that is not base64url', () => {
    expect(refusal('%%%%')?.code).toBe('validation');
  });

  it('never yields anything but a string id and scalar values, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let cursor: Cursor;
        try {
          cursor = decodeCursor(base64url(text));
        } catch (error) {
          expect((error as DomainError).code).toBe('validation');
          return;
        }
        expect(typeof cursor.id).toBe('string');
        for (const value of cursor.values)
          expect(['string', 'number', 'boolean', 'object']).toContain(typeof value);
        for (const value of cursor.values) if (typeof value === 'object') expect(value).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
