/**
 * The audit log's actions, derived from the registry: every mutation records an event whose
 * action is its name unless it declares another (`audit: { action }`) or declares that it
 * records none, with the reason (`audit: { skip }`). A test fails when a mutation has neither
 * an action nor a reason (`test/audit/audit-actions.test.ts`), so a new mutation is audited
 * by default.
 */
import { type AnyOperation, flattenOperations, type OperationTree } from './operation';

export interface AuditAction {
  /** The action's stable identifier, stored on its events. */
  id: string;
  /** What it does, for people: the operation's summary. */
  label: string;
}

/** The action a mutation's events record; undefined for queries and mutations that record none. */
export function auditActionOf(op: AnyOperation): AuditAction | undefined {
  if (op.kind !== 'mutation') return undefined;
  if (op.audit !== undefined && 'skip' in op.audit) return undefined;
  return { id: op.audit?.action ?? op.name, label: op.summary };
}

/** Every action of a tree of operations, by identifier (sorted). */
export function auditActionsOf(tree: OperationTree): AuditAction[] {
  const byId = new Map<string, AuditAction>();
  for (const [, op] of flattenOperations(tree)) {
    const action = auditActionOf(op);
    if (action !== undefined && !byId.has(action.id)) byId.set(action.id, action);
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
