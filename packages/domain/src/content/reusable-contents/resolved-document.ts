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
 *    `MAX_INCLUDE_DEPTH`, and more than `MAX_INCLUSIONS` in one document, all leave the block
 *    as it is stored (the reference, with `meta.unresolved` saying why), never an error and
 *    never another space's text.
 * 2. Evaluated: an `expression` inline whose expression evaluates (`evaluateExpression`,
 *    against the space's variables and the page's) becomes a text of its value; one that
 *    does not (an unknown variable, an unsupported expression) stays the expression inline,
 *    with `meta.unresolved` saying why. Included blocks are evaluated with the variables of
 *    the space that holds the reusable content, and the including page's.
 * 3. Evaluated for a site API token's bearer (a visitor of a published site, `caller.site`): an
 *    `if` block is decided for the visitor's claims (`ctx.visitorConditions`), replaced by its
 *    blocks when its condition holds and left out when it does not, or does not parse (GitBook's
 *    renderer shows no `if` block itself: the API decides them). For anyone else (members, who
 *    preview every branch) `if` blocks stay as stored.
 * The stored document is never changed (documents are shared: `storedDocumentOf`): the result
 * is a copy of what changed.
 */
import type { JSONDocument } from '@quire/documents';
import type { OperationContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import type { RevisionRecord, VariableValues } from '../revisions/records';
import { viewableRevision } from '../revisions/revision-content';
import { storedDocumentOf } from '../revisions/stored-documents';
import type { StoredPages } from '../revisions/stored-page';
import { evaluateExpression, expressionText } from './expressions';
import { reusableContentsOf, variablesOf } from './revision-extras';

export const MAX_INCLUDE_DEPTH = 8;
export const MAX_INCLUSIONS = 200;

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
  const dereference = options.dereferenced === true || options.dereferenced === 'reusable-contents';
  const evaluate = options.evaluated === true || options.evaluated === 'deterministic-only';
  if (!dereference && !evaluate) return document;
  const resolver = new DocumentResolver(ctx, place, dereference, evaluate);
  const home = await resolver.spaceContent(place.spaceId);
  const nodes = await resolver.nodes(document.nodes as unknown as JsonNode[], {
    spaceId: place.spaceId,
    variables: home?.variables ?? {},
    path: [],
  });
  return { ...document, nodes: nodes as unknown as JSONDocument['nodes'] };
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
  /** A site visitor's claims (rule 3): `if` blocks are decided for them; undefined for anyone else. */
  readonly #visitorClaims: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly ctx: OperationContext,
    readonly place: DocumentPlace,
    readonly dereference: boolean,
    readonly evaluate: boolean,
  ) {
    this.#visitorClaims = evaluate ? ctx.caller?.site?.claims : undefined;
  }

  /** Whether an `if` block's condition holds for the visitor (an expression missing or not parsing: no). */
  #holds(block: JsonNode): boolean {
    const expression = (block.data as JsonNode | undefined)?.expression;
    if (typeof expression !== 'string' || this.#visitorClaims === undefined) return false;
    return this.ctx.visitorConditions?.holds(expression, this.#visitorClaims) ?? false;
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
    this.#inclusions += 1;
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
