/**
 * Every mutation of the registry is audited: it has an audit action (its name unless it
 * declares another), or declares why it records none. A new mutation is audited by default;
 * this test fails when one declares neither, or when two mutations claim one action.
 */
import { describe, expect, it } from 'vitest';
import { auditActionOf, auditActionsOf, flattenOperations, operations } from '../../src';

const mutations = flattenOperations(operations).filter(([, op]) => op.kind === 'mutation');

describe('the audit actions of the registry', () => {
  it.each(mutations.map(([name, op]) => [name, op] as const))(
    '%s records an action or says why not',
    (name, op) => {
      const action = auditActionOf(op);
      if (action === undefined) {
        expect(op.audit, `${name} records no event and gives no reason`).toMatchObject({
          skip: expect.any(String),
        });
        expect((op.audit as { skip: string }).skip.length).toBeGreaterThan(10);
        return;
      }
      expect(action.id).toMatch(/^[a-z][\w.-]*$/i);
      expect(action.label.length).toBeGreaterThan(0);
    },
  );

  it('gives each action to one mutation, and lists them all', () => {
    const audited = mutations.flatMap(([, op]) => auditActionOf(op)?.id ?? []);
    expect(new Set(audited).size).toBe(audited.length);
    expect(auditActionsOf(operations).map((action) => action.id)).toEqual([...audited].sort());
    expect(audited.length).toBeGreaterThan(100);
  });

  it('audits no query', () => {
    for (const [, op] of flattenOperations(operations)) {
      if (op.kind === 'query') expect(auditActionOf(op)).toBeUndefined();
    }
  });
});
