/**
 * The outlines of page bodies (`OutlineObject`): read from the store, and derived (one parse
 * of the markdown) and stored for the bodies that have none yet. Bodies are written without
 * one (writes parse once already; a second parse would double their cost); the revision's
 * warm-up derives them in the background right after, and any reader that comes first
 * derives what it needs. After that no reader of the body parses it again, in any process.
 */
import { markdownOutline } from '@quire/documents';
import type { DomainServices } from '../../core/context';
import { nextEventLoopTurn } from '../../core/event-loop-turn';
import { loadBodies } from './page-tree';
import type { OutlineObject } from './records';

type Services = Pick<DomainServices, 'repos'>;

/**
 * The version of the rules that make an outline (sections, anchors, links): part of the
 * address, so changing the rules means bumping it, and every body is read afresh. 2: GitBook's
 * blocks (issue 27): tab, step and expandable titles are sections, links inside every block.
 * 3: the text of `if` blocks apart from the sections (`conditional`), with its conditions.
 */
const OUTLINE_RULES = 3;

/** Where the outline of the body at `bodyAddress` is stored. */
export function outlineAddressOf(bodyAddress: string): string {
  return `outline${OUTLINE_RULES}:${bodyAddress}`;
}

/** Bodies parsed between two turns of the event loop (parsing a body takes a few ms). */
const BODIES_BETWEEN_PAUSES = 50;

/** The outlines of the bodies at `bodyAddresses`, by body address; missing ones derived and stored. */
export async function outlinesOf(
  services: Services,
  bodyAddresses: readonly string[],
): Promise<Map<string, OutlineObject>> {
  const wanted = [...new Set(bodyAddresses)];
  const stored = await services.repos.contentObjects.getMany(wanted.map(outlineAddressOf));
  const outlines = new Map<string, OutlineObject>();
  const missing: string[] = [];
  for (const address of wanted) {
    const object = stored.get(outlineAddressOf(address));
    if (object?.kind === 'outline') outlines.set(address, object);
    else missing.push(address);
  }
  if (missing.length === 0) return outlines;
  const derived = new Map<string, OutlineObject>();
  let parsed = 0;
  for (const [address, markdown] of await loadBodies(services, missing)) {
    const outline: OutlineObject = { kind: 'outline', ...markdownOutline(markdown) };
    outlines.set(address, outline);
    derived.set(outlineAddressOf(address), outline);
    // Let the requests being served go on while thousands of bodies are parsed.
    if (++parsed % BODIES_BETWEEN_PAUSES === 0) await nextEventLoopTurn();
  }
  await services.repos.contentObjects.putMany(derived);
  return outlines;
}
