/**
 * Which top-level Yjs types a shared page may hold: TipTap's fragment (the content) and the
 * `quire` map (`shared-state.ts` of @quire/documents). A client's update that adds to any other
 * is refused before it is applied: nothing reads such a type, it would only grow the server's
 * document (30 updates into a made-up type took the server +570 MB).
 */
import { CONTENT_FRAGMENT, STATE_MAP } from '@quire/documents';
import type * as Y from 'yjs';

const EDITOR_TYPES: ReadonlySet<string> = new Set([CONTENT_FRAGMENT, STATE_MAP]);

/** An update's items as `Y.decodeUpdate` reads them, decoded once for every check of the socket's guard. */
export type UpdateStructs = ReturnType<typeof Y.decodeUpdate>['structs'];

/**
 * The first top-level type outside the editor's that an update's `structs` add to, or undefined when it
 * touches only the editor's. An item names its top-level type only when it has no neighbour to
 * take its parent from; every other item hangs, through its neighbours or its parent item, from
 * one that does (in this update or already in the document, where only the editor's types are).
 */
export function foreignTypeIn(structs: UpdateStructs): string | undefined {
  for (const struct of structs) {
    const parent = (struct as { parent?: unknown }).parent;
    if (typeof parent === 'string' && !EDITOR_TYPES.has(parent)) return parent;
  }
  return undefined;
}
