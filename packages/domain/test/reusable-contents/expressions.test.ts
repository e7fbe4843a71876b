import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../src/content/reusable-contents/expressions';
import { mergeVariables, patchedVariables } from '../../src/content/reusable-contents/variables';

const scope = { space: { version: '2.1', port: 8080, beta: false }, page: { product: 'Quire' } };

describe('evaluateExpression', () => {
  it('reads space and page variables, in either notation, with spaces around', () => {
    expect(evaluateExpression('space.vars.version', scope)).toEqual({ ok: true, value: '2.1' });
    expect(evaluateExpression('  page.vars.product ', scope)).toEqual({ ok: true, value: 'Quire' });
    expect(evaluateExpression('space.vars["port"]', scope)).toEqual({ ok: true, value: 8080 });
    expect(evaluateExpression("space.vars['beta']", scope)).toEqual({ ok: true, value: false });
  });

  it('reads literals', () => {
    expect(evaluateExpression('true', scope)).toEqual({ ok: true, value: true });
    expect(evaluateExpression('-1.5e3', scope)).toEqual({ ok: true, value: -1500 });
    expect(evaluateExpression('"text"', scope)).toEqual({ ok: true, value: 'text' });
  });

  it('names an unknown variable, of the space or of the page', () => {
    expect(evaluateExpression('space.vars.missing', scope)).toMatchObject({
      ok: false,
      reason: 'unknown-variable',
      variable: 'space.vars.missing',
    });
    // A page variable is not a space variable: no fallback from one to the other.
    expect(evaluateExpression('space.vars.product', scope)).toMatchObject({
      ok: false,
      reason: 'unknown-variable',
    });
    // Inherited names of objects are not variables.
    expect(evaluateExpression('space.vars.constructor', scope)).toMatchObject({
      ok: false,
      reason: 'unknown-variable',
    });
    expect(evaluateExpression('space.vars.__proto__', scope)).toMatchObject({
      ok: false,
      reason: 'unknown-variable',
    });
  });

  it('evaluates nothing else: operators, calls and other objects are unsupported', () => {
    for (const expression of [
      'space.vars.version + 1',
      'alert(1)',
      'visitor.claims.x',
      'space.vars',
      'space.vars.a.b',
      "'a' + 'b'",
      'constructor.constructor("return 1")()',
      'x'.repeat(1001),
    ]) {
      expect(evaluateExpression(expression, scope)).toMatchObject({ ok: false, reason: 'unsupported' });
    }
  });

  it('answers any text in linear time, without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const outcome = evaluateExpression(text, scope);
        expect(typeof outcome.ok).toBe('boolean');
      }),
    );
    const started = performance.now();
    evaluateExpression(`space.vars[${'"'.repeat(999)}`, scope);
    evaluateExpression(`${'space.vars.'.repeat(90)}`, scope);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('variables', () => {
  it('patch: a value sets, null removes, names in order', () => {
    const patched = patchedVariables({ b: 1, a: 'x' }, { a: null, c: true });
    expect(patched).toEqual({ b: 1, c: true });
    expect(Object.keys(patchedVariables({ z: 1 }, { a: 2 }))).toEqual(['a', 'z']);
  });

  it('merge three ways name by name: one side’s change kept, theirs when both changed', () => {
    expect(mergeVariables({ a: 1, b: 1, c: 1 }, { a: 2, b: 1, c: 1 }, { a: 1, b: 3 })).toEqual({
      a: 2,
      b: 3,
    });
    expect(mergeVariables({ a: 1 }, { a: 2 }, { a: 3 })).toEqual({ a: 3 });
    expect(mergeVariables({}, { x: 1 }, { y: 2 })).toEqual({ x: 1, y: 2 });
  });
});

describe('mergeVariables over random edits', () => {
  const name = fc.constantFrom('a', 'b', 'c', 'd', 'e');
  const value = fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -2, max: 2 }), fc.boolean());
  const values = fc.dictionary(name, value);
  const patch = fc.dictionary(name, fc.option(value, { nil: null }));

  it('keeps every change of either side, theirs where both changed a variable', () => {
    fc.assert(
      fc.property(values, patch, patch, (base, oursPatch, theirsPatch) => {
        const ours = patchedVariables(base, oursPatch);
        const theirs = patchedVariables(base, theirsPatch);
        const merged = mergeVariables(base, ours, theirs);
        for (const key of new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])) {
          const expected = theirs[key] !== base[key] ? theirs[key] : ours[key];
          expect(merged[key]).toBe(expected);
        }
        // Names in order, so one set of variables has one address.
        expect(Object.keys(merged)).toEqual(Object.keys(merged).sort());
        // Merging with no change on one side is the other side.
        expect(mergeVariables(base, base, theirs)).toEqual(theirs);
        expect(mergeVariables(base, ours, base)).toEqual(ours);
      }),
    );
  });
});
