import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../src/content/reusable-contents/expressions';
import { patchedVariables } from '../../src/content/reusable-contents/variables';

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
});
