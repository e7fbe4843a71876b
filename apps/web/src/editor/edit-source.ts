/**
 * The version of a page an edit is made from: the space's, or a change request's. Saving
 * sends that version's revision along (`revision`), so the server merges the edit into
 * whatever the target became since instead of overwriting it with this version.
 */
import type { SaveTarget } from './save-target';

export type EditSource = { kind: 'space' } | { kind: 'changeRequest'; id: string };

/** The version an edit saved to `target` should be made from: a change request's own page. */
export const sourceFor = (target: SaveTarget): EditSource =>
  target.kind === 'changeRequest' ? { kind: 'changeRequest', id: target.id } : { kind: 'space' };

export const sameSource = (a: EditSource, b: EditSource): boolean =>
  a.kind === b.kind && (a.kind === 'space' || a.id === (b as { id: string }).id);
