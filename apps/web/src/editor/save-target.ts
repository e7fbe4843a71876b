/**
 * Where an edit is saved: live on the space (only when its edit mode is `live`), into a
 * new change request, or into an open one. The value of the target picker.
 */
export type SaveTarget = { kind: 'live' } | { kind: 'new' } | { kind: 'changeRequest'; id: string };

export function targetValue(target: SaveTarget): string {
  return target.kind === 'changeRequest' ? 'cr:' + target.id : target.kind;
}

export function targetOf(value: string): SaveTarget {
  if (value === 'live') return { kind: 'live' };
  if (value.startsWith('cr:')) return { kind: 'changeRequest', id: value.slice(3) };
  return { kind: 'new' };
}
