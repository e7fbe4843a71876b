/**
 * The files and reusable contents a site API token's visitor is shown of a revision (rule 9 of
 * `policies/site-token-access.ts`): those referenced by content the visitor can read. That
 * content is every document page of the revision (hidden ones too: each is read at its URL)
 * with its `if` blocks decided for the visitor's claims (a block whose condition fails is
 * content they cannot read), its cover, and the reusable contents those pages include (an
 * include counts as the including page's content, and so, transitively, do the includes of an
 * included one).
 *
 * Cost, linear in the site and not paid per request:
 * 1. Once per revision (`referencesOf`, a bounded cache by revision id; a revision never
 *    changes): every page's and reusable content's document is walked once, in slices, and
 *    reduced to its references, each with the conditions of the `if` blocks around it (the
 *    distinct conditions numbered). No text is kept.
 * 2. Once per (revision, which of those conditions hold for the visitor) (`shownOf`, bounded):
 *    the references are followed from the pages, through the includes whose conditions all
 *    hold, without reading anything. The key names the visitor only by one bit per condition
 *    (as the reader's render key does, `render-cache/page-conditions.ts`), decided by the one
 *    evaluator of conditions (`ctx.visitorConditions`, as `resolved-document.ts` decides the
 *    blocks): claims no condition reads make no new key.
 *
 * A file is referenced by its id (`{kind: 'file', file}` anywhere in a node: links, images,
 * file blocks, covers) or by its download address (a `url` reference to `/files/<hash>/...`).
 * A reference naming another space (`space`) is that space's, not this revision's: an include of
 * another space's reusable content is not followed here (the files of that space are shown by
 * that space's own pages; a renderer resolves files of the space it renders only).
 */

import { BoundedCache } from '../../core/bounded-cache';
import type { OperationContext } from '../../core/context';
import { LoadedValues } from '../../core/loaded-values';
import { siteTokenSeesReferenced } from '../../policies/site-token-access';
import { pageIndexOf } from '../revisions/page-index';
import { pageTypeOf } from '../revisions/page-types';
import type { FileEntry, RevisionRecord } from '../revisions/records';
import { storedDocumentsOf } from '../revisions/stored-documents';
import type { StoredPages } from '../revisions/stored-page';
import { type RevisionExtras, reusableContentsOf, variablesOf } from './revision-extras';

/** What one document references: files (by id, or `#hash` for a download address) and includes, each with the numbers of the conditions around it. */
interface DocumentReferences {
  files: Array<{ file: string; conditions: readonly number[] }>;
  includes: Array<{ reusableContent: string; conditions: readonly number[] }>;
}

interface RevisionReferences {
  /** The distinct conditions around any reference, in the order first met. */
  conditions: readonly string[];
  pages: readonly DocumentReferences[];
  contents: ReadonlyMap<string, DocumentReferences>;
  /** How many references the revision holds (the cache's weight). */
  size: number;
  /** Names this gathering in the shown sets' keys: the bits are positions in its `conditions`. */
  generation: number;
}

let generations = 0;

/** What a visitor is shown of a revision: ids of its files and reusable contents. */
export interface ShownReferences {
  files: ReadonlySet<string>;
  reusableContents: ReadonlySet<string>;
}

/** Documents read at once while a revision's references are gathered. */
const SLICE = 100;

const keptReferences = new LoadedValues<string, RevisionReferences>({
  maxEntries: 500,
  // By the references kept: 2 million at most.
  maxWeight: 2_000_000,
  weigh: (references) => 1 + references.size,
});
const keptShown = new BoundedCache<string, ShownReferences>({
  maxEntries: 5_000,
  // By the ids kept: 4 million ids at most (about 100 MB of short strings).
  maxWeight: 4_000_000,
  weigh: (shown) => 1 + shown.files.size + shown.reusableContents.size,
});

/** The references of `revision`, gathered once per revision. */
function referencesOf(ctx: OperationContext, revision: RevisionRecord): Promise<RevisionReferences> {
  // One walk of a revision at a time: a caller asking during one shares it.
  return keptReferences.get(revision.id, () => gatherReferences(ctx, revision));
}

async function gatherReferences(
  ctx: OperationContext,
  revision: RevisionRecord,
): Promise<RevisionReferences> {
  const [index, contents] = await Promise.all([
    pageIndexOf(ctx, revision.tree),
    reusableContentsOf(ctx, revision),
  ]);
  const numbers = new Map<string, number>();
  const numberOf = (condition: string): number => {
    let number = numbers.get(condition);
    if (number === undefined) {
      number = numbers.size;
      numbers.set(condition, number);
    }
    return number;
  };
  const documentPages = [...index.pages.values()].filter((page) => pageTypeOf(page) === 'document');
  const bodies = [
    ...new Set([...documentPages.map((page) => page.body), ...[...contents.values()].map((c) => c.body)]),
  ];
  const byBody = new Map<string, DocumentReferences>();
  for (let start = 0; start < bodies.length; start += SLICE) {
    const documents = await storedDocumentsOf(ctx, bodies.slice(start, start + SLICE));
    for (const [body, document] of documents)
      byBody.set(body, referencesIn(document, revision.spaceId, numberOf));
  }
  const empty: DocumentReferences = { files: [], includes: [] };
  let size = 0;
  const pages = documentPages.map((page) => {
    const own = byBody.get(page.body) ?? empty;
    const covers = [page.cover?.ref, page.cover?.refDark].flatMap((ref) =>
      ref?.kind === 'file' ? [{ file: ref.file, conditions: [] }] : [],
    );
    const references =
      covers.length === 0 ? own : { files: [...own.files, ...covers], includes: own.includes };
    size += references.files.length + references.includes.length;
    return references;
  });
  const contentReferences = new Map<string, DocumentReferences>();
  for (const content of contents.values()) {
    const references = byBody.get(content.body) ?? empty;
    size += references.files.length + references.includes.length;
    contentReferences.set(content.id, references);
  }
  generations += 1;
  return {
    conditions: [...numbers.keys()],
    pages,
    contents: contentReferences,
    size,
    generation: generations,
  };
}

type JsonNode = { [key: string]: unknown };

/** The references of one document, with the `if` conditions around each (deduplicated). */
function referencesIn(
  document: unknown,
  spaceId: string,
  numberOf: (condition: string) => number,
): DocumentReferences {
  const files = new Map<string, { file: string; conditions: readonly number[] }>();
  const includes = new Map<string, { reusableContent: string; conditions: readonly number[] }>();
  // An explicit stack: a deep document cannot exhaust the call stack.
  const stack: Array<{ value: unknown; conditions: readonly number[] }> = [
    { value: document, conditions: [] },
  ];
  while (stack.length > 0) {
    const { value, conditions } = stack.pop() as { value: unknown; conditions: readonly number[] };
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, conditions });
      continue;
    }
    const node = value as JsonNode;
    let inner = conditions;
    if (node.type === 'if' && node.object === 'block') {
      const expression = (node.data as JsonNode | undefined)?.expression;
      // An expression missing holds for nobody ('' does not parse): fail closed.
      inner = [...conditions, numberOf(typeof expression === 'string' ? expression : '')];
    }
    const ownSpace = node.space === undefined || node.space === spaceId;
    if (node.kind === 'file' && typeof node.file === 'string' && ownSpace) {
      files.set(`${node.file}\u0000${inner.join(',')}`, { file: node.file, conditions: inner });
    } else if (node.kind === 'url' && typeof node.url === 'string') {
      const hash = DOWNLOAD_ADDRESS.exec(node.url)?.[1];
      if (hash !== undefined)
        files.set(`#${hash}\u0000${inner.join(',')}`, { file: `#${hash.toLowerCase()}`, conditions: inner });
    } else if (node.kind === 'reusable-content' && typeof node.reusableContent === 'string' && ownSpace) {
      includes.set(`${node.reusableContent}\u0000${inner.join(',')}`, {
        reusableContent: node.reusableContent,
        conditions: inner,
      });
    }
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push({ value: child, conditions: inner });
  }
  return { files: [...files.values()], includes: [...includes.values()] };
}

const NOTHING: ReadonlySet<string> = new Set();

/** A download address's hash (`.../files/<sha-256>` or `.../files/<sha-256>/<name>`). */
const DOWNLOAD_ADDRESS = /\/files\/([0-9a-fA-F]{64})(?:[/?#]|$)/;

/**
 * What a site API token's visitor is shown of `revision` (undefined for anyone else, who is
 * shown everything): computed once per set of conditions that hold for them.
 */
async function shownOf(
  ctx: OperationContext,
  revision: RevisionRecord,
): Promise<ShownReferences | undefined> {
  const grant = ctx.caller?.site;
  if (grant === undefined) return undefined;
  const references = await referencesOf(ctx, revision);
  const claims = grant.claims ?? {};
  const holds = references.conditions.map(
    (condition) => ctx.visitorConditions?.holds(condition, claims) ?? false,
  );
  const key = `${revision.id}\u0000${references.generation}\u0000${holds.map((bit) => (bit ? '1' : '0')).join('')}`;
  const kept = keptShown.get(key);
  if (kept !== undefined) return kept;
  const open = (conditions: readonly number[]) => conditions.every((number) => holds[number] === true);
  const files = new Set<string>();
  const reusableContents = new Set<string>();
  const queue: DocumentReferences[] = [...references.pages];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const { file, conditions } of next.files) if (open(conditions)) files.add(file);
    for (const { reusableContent, conditions } of next.includes) {
      if (!open(conditions) || reusableContents.has(reusableContent)) continue;
      const included = references.contents.get(reusableContent);
      if (included === undefined) continue;
      reusableContents.add(reusableContent);
      queue.push(included);
    }
  }
  const shown = { files, reusableContents };
  keptShown.set(key, shown);
  return shown;
}

/** The files of `revision` the caller is shown (rule 9): a site token's visitor, those the content it reads references. */
export async function filesForCaller(
  ctx: OperationContext,
  revision: RevisionRecord,
  files: readonly FileEntry[],
): Promise<FileEntry[]> {
  if (ctx.caller?.site === undefined) return [...files];
  const shown = (await shownOf(ctx, revision))?.files ?? NOTHING;
  return files.filter(
    (file) =>
      siteTokenSeesReferenced(ctx.caller, shown, file.id) ||
      siteTokenSeesReferenced(ctx.caller, shown, `#${file.hash}`),
  );
}

/** The reusable contents of `revision` the caller is shown (rule 9): a site token's visitor, those the content it reads includes. */
export async function reusableContentsForCaller(
  ctx: OperationContext,
  revision: RevisionRecord,
  contents: StoredPages,
): Promise<StoredPages> {
  if (ctx.caller?.site === undefined) return contents;
  const shown = (await shownOf(ctx, revision))?.reusableContents ?? NOTHING;
  return new Map([...contents].filter(([id]) => siteTokenSeesReferenced(ctx.caller, shown, id)));
}

/** The reusable contents of `revision` the caller is shown, read (rule 9). */
export async function callerReusableContentsOf(
  ctx: OperationContext,
  revision: RevisionRecord,
): Promise<StoredPages> {
  return reusableContentsForCaller(ctx, revision, await reusableContentsOf(ctx, revision));
}

/** The reusable contents (those the caller is shown, rule 9) and variables of `revision`, read. */
export async function callerExtrasOf(
  ctx: OperationContext,
  revision: RevisionRecord,
): Promise<RevisionExtras> {
  const [reusableContents, variables] = await Promise.all([
    callerReusableContentsOf(ctx, revision),
    variablesOf(ctx, revision),
  ]);
  return { reusableContents, variables };
}
