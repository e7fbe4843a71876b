/**
 * Which keys of a shared page's `quire` map only the server sets (`shared-state.ts` of
 * @quire/documents): `seed`, the Yjs client id editors seed the empty content under, and
 * `incoming`, a revision offered for one editor to bring into the content. A writer who set
 * them could make the editors seed a second copy of the page (a wrong `seed`), or make the
 * editor that applies `incoming` replace the content with any text, typed as that person's and
 * saved in their name. Editors delete `incoming` once they took it in: a deletion, which sets
 * nothing, is theirs to make.
 *
 * A Yjs item names its parent type and key only when it has no neighbour to take them from; a
 * map entry set over an earlier value hangs from that value (its `origin`). So the key is found
 * through the neighbours, in the update itself or in the server's document. An item hanging from
 * one the server does not have yet cannot be placed here (Yjs keeps it pending): the session's
 * watch (`page-session.ts`) puts the server's values back if such an item turns out to set one.
 */
import { STATE_MAP } from '@quire/documents';
import * as Y from 'yjs';
import type { UpdateStructs } from './shared-types';

export const SERVER_OWNED_KEYS: ReadonlySet<string> = new Set(['seed', 'incoming']);

/** Where an item sits: a top-level type and a key, a map's entry or a list's element. */
interface Placement {
  rootName: string | undefined;
  key: string | null;
}

/**
 * The first server-owned key of the `quire` map that an update's items set, or undefined.
 * `structs` are the update's (`Y.decodeUpdate`); `doc` is the server's document, when loaded.
 */
export function serverOwnedKeySetIn(structs: UpdateStructs, doc: Y.Doc | undefined): string | undefined {
  const byClient = new Map<number, Y.Item[]>();
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const items = byClient.get(struct.id.client);
    if (items) items.push(struct);
    else byClient.set(struct.id.client, [struct]);
  }
  const placed = new Map<Y.Item, Placement | undefined>();
  // Iterative: one update may chain thousands of items (a paste of as many paragraphs).
  const placementOf = (first: Y.Item): Placement | undefined => {
    const chain: Y.Item[] = [];
    let item: Y.Item | undefined = first;
    let placement: Placement | undefined;
    while (item !== undefined) {
      if (placed.has(item)) {
        placement = placed.get(item);
        break;
      }
      placed.set(item, undefined); // a cycle of neighbours places nothing
      chain.push(item);
      if (item.parent !== null || item.parentSub !== null) {
        placement = placementOfParent(item.parent, item.parentSub);
        break;
      }
      const neighbour: Y.ID | null = item.origin ?? item.rightOrigin;
      if (neighbour === null) break;
      item = itemAt(byClient.get(neighbour.client), neighbour.clock);
      if (item === undefined && doc) placement = placementInDoc(doc, neighbour);
    }
    for (const link of chain) placed.set(link, placement);
    return placement;
  };
  for (const items of byClient.values()) {
    for (const item of items) {
      const placement = placementOf(item);
      if (placement?.rootName === STATE_MAP && placement.key !== null && SERVER_OWNED_KEYS.has(placement.key))
        return placement.key;
    }
  }
  return undefined;
}

/** An item as decoded names its parent by a top-level name (a string) or by an item's id. */
function placementOfParent(parent: unknown, key: string | null): Placement {
  return { rootName: typeof parent === 'string' ? parent : undefined, key };
}

function placementInDoc(doc: Y.Doc, id: Y.ID): Placement | undefined {
  let item: Y.Item | Y.GC;
  try {
    item = Y.getItem(doc.store, id);
  } catch {
    return undefined; // not in the document (yet)
  }
  if (!(item instanceof Y.Item)) return undefined;
  const parent = item.parent as Y.AbstractType<unknown> | null;
  const rootName = parent && parent._item === null ? Y.findRootTypeKey(parent) : undefined;
  return { rootName, key: item.parentSub };
}

/** The item of `items` (one client's, in clock order as an update lists them) that holds `clock`. */
function itemAt(items: Y.Item[] | undefined, clock: number): Y.Item | undefined {
  if (!items) return undefined;
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const item = items[middle]!;
    if (clock < item.id.clock) high = middle - 1;
    else if (clock >= item.id.clock + item.length) low = middle + 1;
    else return item;
  }
  return undefined;
}
