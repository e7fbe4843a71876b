/**
 * A document as a reader asks for it (GitBook's `dereferenced` and `evaluated` read options):
 * the stored document keeps its `reusable-content` blocks (a reference:
 * `data.ref = {kind: 'reusable-content', reusableContent, space?}`) and its `expression`
 * inlines; a read that asks for it gets them resolved, so an edit of a reusable content
 * reaches every page that includes it on the next read.
 *
 * Rules:
 * 1. Dereferenced: a `reusable-content` block is replaced by the blocks of the reusable
 *    content's document, themselves dereferenced. A reference to another space's (`space`)
 *    is read from that space's current content, and only when the caller can view that space
 *    (`viewableRevision`): a space the caller cannot view, a reusable content that does not
 *    exist, an include that reaches itself again (a cycle) or nested deeper than
 *    `MAX_INCLUDE_DEPTH`, and more than `MAX_INCLUSIONS` or `MAX_INCLUDED_CHARS` in one document, all leave the block
 *    as it is stored (the reference, with `meta.unresolved` saying why), never an error and
 *    never another space's text.
 * 2. Evaluated: an `expression` inline whose expression evaluates (`evaluateExpression`,
 *    against the space's variables and the page's) becomes a text of its value; one that
 *    does not (an unknown variable, an unsupported expression) stays the expression inline,
 *    with `meta.unresolved` saying why. Included blocks are evaluated with the variables of
 *    the space that holds the reusable content, and the including page's.
 * 3. For a site API token's bearer (a visitor of a published site, `caller.site`), whatever
 *    `dereferenced` and `evaluated` say: an `if` block is decided for the visitor's claims
 *    (`ctx.visitorConditions`), replaced by its blocks when its condition holds and left out
 *    when it does not, or does not parse (GitBook's renderer shows no `if` block itself: the
 *    API decides them; and a visitor never reads a branch their claims do not open, however
 *    they ask). For anyone else (members, who preview every branch) `if` blocks stay as stored
 *    (GitBook's behaviour).
 * The stored document is never changed (documents are shared: `storedDocumentOf`): the result
 * is a copy of what changed.
 */
import type { JSONDocument } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { loadBodies } from '../revisions/page-tree';
import type { RevisionRecord, VariableValues } from '../revisions/records';
import { viewableRevision } from '../revisions/revision-content';
import { storedDocumentOf } from '../revisions/stored-documents';
import type { StoredPages } from '../revisions/stored-page';
import { evaluateExpression, expressionText } from './expressions';
import { reusableContentsOf, variablesOf } from './revision-extras';

export const MAX_INCLUDE_DEPTH = 8;
export const MAX_INCLUSIONS = 200;
/**
 * The most markdown one read takes in through includes, in characters: 200 inclusions of a
 * 256 KB reusable content made one 12 KB page 66 MB of HTML (30 s of a reader's render, 3 GB
 * of memory). A page's own limit is 1 MB of markdown; its includes together, as much again.
 */
export const MAX_INCLUDED_CHARS = 1_000_000;

export interface ResolveOptions {
  dereferenced?: boolean | 'reusable-contents' | undefined;
  evaluated?: boolean | 'deterministic-only' | undefined;
}

/** The content a document is read in: its revision, and the page's variables. */
export interface DocumentPlace {
  spaceId: string;
  revision: RevisionRecord;
  pageVariables: VariableValues;
}

type JsonNode = { [key: string]: unknown };

interface SpaceContent {
  contents: StoredPages;
  variables: VariableValues;
}

export async function resolvedDocument(
  ctx: OperationContext,
  document: JSONDocument,
  place: DocumentPlace,
  options: ResolveOptions,
): Promise<JSONDocument> {
  return (await resolvedWithIfs(ctx, document, place, options)).document;
}

/** As `resolvedDocument`, telling how many `if` blocks were decided for a site visitor. */
export async function resolvedWithIfs(
  ctx: OperationContext,
  document: JSONDocument,
  place: DocumentPlace,
  options: ResolveOptions,
): Promise<{ document: JSONDocument; decidedIfs: number }> {
  const dereference = options.dereferenced === true || options.dereferenced === 'reusable-contents';
  const evaluate = options.evaluated === true || options.evaluated === 'deterministic-only';
  if (!dereference && !evaluate) {
    const decided = visitorDecided(ctx, document);
    return { document: decided.document, decidedIfs: decided.decidedIfs };
  }
  const resolver = new DocumentResolver(ctx, place, dereference, evaluate);
  const home = evaluate ? await resolver.spaceContent(place.spaceId) : null;
  const nodes = await resolver.nodes(document.nodes as unknown as JsonNode[], {
    spaceId: place.spaceId,
    variables: home?.variables ?? {},
    path: [],
  });
  return {
    document: { ...document, nodes: nodes as unknown as JSONDocument['nodes'] },
    decidedIfs: resolver.decidedIfs,
  };
}

/**
 * A document as the caller may read it, nothing resolved (rule 3 alone): for a site API token's
 * visitor its `if` blocks decided for the token's claims; for anyone else the document itself.
 * Reads nothing: for reads that resolve nothing (a document by id).
 */
export function documentForCaller(ctx: OperationContext, document: JSONDocument): JSONDocument {
  return visitorDecided(ctx, document).document;
}

function visitorDecided(
  ctx: OperationContext,
  document: JSONDocument,
): { document: JSONDocument; decidedIfs: number } {
  const claims = visitorClaimsOf(ctx);
  if (claims === undefined) return { document, decidedIfs: 0 };
  const count = { decidedIfs: 0 };
  const decided = decideIfs(
    document as unknown as JsonNode,
    (expression) => holdsFor(ctx, expression, claims),
    count,
  );
  return { document: decided as unknown as JSONDocument, decidedIfs: count.decidedIfs };
}

/** A site visitor's claims (none carried: no claims, never "not a visitor"); undefined for anyone else. */
function visitorClaimsOf(ctx: OperationContext): Readonly<Record<string, unknown>> | undefined {
  const site = ctx.caller?.site;
  return site === undefined ? undefined : (site.claims ?? {});
}

/** Whether an `if` block's expression holds for `claims` (one missing or not parsing: no). */
function holdsFor(
  ctx: OperationContext,
  expression: unknown,
  claims: Readonly<Record<string, unknown>>,
): boolean {
  if (typeof expression !== 'string') return false;
  return ctx.visitorConditions?.holds(expression, claims) ?? false;
}

/** `node` with its `if` blocks (at any depth, fragments included) decided; the node itself when none. */
function decideIfs(
  node: JsonNode,
  holds: (expression: unknown) => boolean,
  count: { decidedIfs: number },
): JsonNode {
  let copy: JsonNode | undefined;
  if (Array.isArray(node.nodes)) {
    let changed = false;
    const out: JsonNode[] = [];
    for (const child of node.nodes as JsonNode[]) {
      if (child.type === 'if' && child.object === 'block') {
        count.decidedIfs += 1;
        changed = true;
        if (holds((child.data as JsonNode | undefined)?.expression) && Array.isArray(child.nodes))
          for (const inner of child.nodes as JsonNode[]) out.push(decideIfs(inner, holds, count));
        continue;
      }
      const next = decideIfs(child, holds, count);
      if (next !== child) changed = true;
      out.push(next);
    }
    if (changed) copy = { ...node, nodes: out };
  }
  if (Array.isArray(node.fragments)) {
    let changed = false;
    const fragments = (node.fragments as JsonNode[]).map((fragment) => {
      const next = decideIfs(fragment, holds, count);
      if (next !== fragment) changed = true;
      return next;
    });
    if (changed) copy = { ...(copy ?? node), fragments };
  }
  return copy ?? node;
}

interface Frame {
  /** The space whose content the nodes are from (references without `space` name it). */
  spaceId: string;
  variables: VariableValues;
  /** The reusable contents being included, outermost first, as `space/id`. */
  path: string[];
}

class DocumentResolver {
  readonly #spaces = new Map<string, Promise<SpaceContent | null>>();
  #inclusions = 0;
  /** The markdown taken in through includes so far (`MAX_INCLUDED_CHARS`). */
  #includedChars = 0;
  /** `if` blocks decided for a site visitor (rule 3). */
  decidedIfs = 0;
  /** A site visitor's claims (rule 3): `if` blocks are decided for them; undefined for anyone else. */
  readonly #visitorClaims: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly ctx: OperationContext,
    readonly place: DocumentPlace,
    readonly dereference: boolean,
    readonly evaluate: boolean,
  ) {
    this.#visitorClaims = visitorClaimsOf(ctx);
  }

  /** Whether an `if` block's condition holds for the visitor (an expression missing or not parsing: no). */
  #holds(block: JsonNode): boolean {
    if (this.#visitorClaims === undefined) return false;
    return holdsFor(this.ctx, (block.data as JsonNode | undefined)?.expression, this.#visitorClaims);
  }

  /** A space's reusable contents and variables, once per space; null when the caller cannot view it. */
  spaceContent(spaceId: string): Promise<SpaceContent | null> {
    let known = this.#spaces.get(spaceId);
    if (!known) {
      known = this.#readSpace(spaceId);
      this.#spaces.set(spaceId, known);
    }
    return known;
  }

  async #readSpace(spaceId: string): Promise<SpaceContent | null> {
    let revision = this.place.revision;
    if (spaceId !== this.place.spaceId) {
      try {
        revision = (await viewableRevision(this.ctx, { spaceId })).revision;
      } catch (error) {
        if (error instanceof DomainError && (error.code === 'not_found' || error.code === 'forbidden'))
          return null;
        throw error;
      }
    }
    const [contents, variables] = await Promise.all([
      reusableContentsOf(this.ctx, revision),
      variablesOf(this.ctx, revision),
    ]);
    return { contents, variables };
  }

  async nodes(nodes: readonly JsonNode[], frame: Frame): Promise<JsonNode[]> {
    const out: JsonNode[] = [];
    for (const node of nodes) {
      if (this.dereference && node.type === 'reusable-content' && node.object === 'block') {
        const included = await this.#include(node, frame);
        if (Array.isArray(included)) out.push(...included);
        else out.push(included);
        continue;
      }
      if (this.evaluate && node.type === 'expression' && node.object === 'inline') {
        out.push(this.#evaluated(node, frame));
        continue;
      }
      if (this.#visitorClaims !== undefined && node.type === 'if' && node.object === 'block') {
        this.decidedIfs += 1;
        if (this.#holds(node) && Array.isArray(node.nodes))
          out.push(...(await this.nodes(node.nodes as JsonNode[], frame)));
        continue;
      }
      out.push(await this.#withChildren(node, frame));
    }
    return out;
  }

  /** The node with its `nodes` (and its fragments' `nodes`) resolved; the node itself when none changed. */
  async #withChildren(node: JsonNode, frame: Frame): Promise<JsonNode> {
    let copy: JsonNode | undefined;
    if (Array.isArray(node.nodes)) {
      copy = { ...node, nodes: await this.nodes(node.nodes as JsonNode[], frame) };
    }
    if (Array.isArray(node.fragments)) {
      const fragments: JsonNode[] = [];
      for (const fragment of node.fragments as JsonNode[])
        fragments.push(await this.#withChildren(fragment, frame));
      copy = { ...(copy ?? node), fragments };
    }
    return copy ?? node;
  }

  async #include(block: JsonNode, frame: Frame): Promise<JsonNode | JsonNode[]> {
    const unresolved = (why: string): JsonNode => ({
      ...block,
      meta: { ...((block.meta as JsonNode | undefined) ?? {}), unresolved: why },
    });
    const ref = ((block.data as JsonNode | undefined)?.ref ?? {}) as JsonNode;
    const id = typeof ref.reusableContent === 'string' ? ref.reusableContent : undefined;
    if (id === undefined) return unresolved('no reusable content named');
    const spaceId = typeof ref.space === 'string' ? ref.space : frame.spaceId;
    const key = `${spaceId}/${id}`;
    if (frame.path.includes(key)) return unresolved('cycle: the reusable content includes itself');
    if (frame.path.length >= MAX_INCLUDE_DEPTH) return unresolved(`nested deeper than ${MAX_INCLUDE_DEPTH}`);
    if (this.#inclusions >= MAX_INCLUSIONS) return unresolved(`more than ${MAX_INCLUSIONS} inclusions`);
    const space = await this.spaceContent(spaceId);
    // A space the caller cannot view reads exactly as a missing reusable content.
    const content = space?.contents.get(id);
    if (!space || !content) return unresolved('no such reusable content');
    const size = (await loadBodies(this.ctx, [content.body])).get(content.body)?.length ?? 0;
    if (this.#includedChars + size > MAX_INCLUDED_CHARS)
      return unresolved(`more than ${MAX_INCLUDED_CHARS} characters included`);
    this.#inclusions += 1;
    this.#includedChars += size;
    const document = await storedDocumentOf(this.ctx, content.body);
    return this.nodes(document.nodes as unknown as JsonNode[], {
      spaceId,
      variables: space.variables,
      path: [...frame.path, key],
    });
  }

  #evaluated(inline: JsonNode, frame: Frame): JsonNode {
    const expression = (inline.data as JsonNode | undefined)?.expression;
    if (typeof expression !== 'string') return inline;
    const outcome = evaluateExpression(expression, {
      space: frame.variables,
      page: this.place.pageVariables,
    });
    if (!outcome.ok) {
      return {
        ...inline,
        meta: { ...((inline.meta as JsonNode | undefined) ?? {}), unresolved: outcome.message },
      };
    }
    return { object: 'text', leaves: [{ object: 'leaf', text: expressionText(outcome.value), marks: [] }] };
  }
}
