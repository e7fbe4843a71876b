/**
 * Formulas typeset at render time (issue 29, item 2): TeX in, SVG out, by MathJax (`mathjax-full`,
 * its own DOM-free adaptor, in the server's process), so a page shows its math with no script
 * and no web font. What reaches the page is not MathJax's markup but a tree rebuilt from it of
 * `svg`, `g`, `path` and `rect` only, with only geometric attributes whose values are checked
 * (numbers, transforms of numbers, path data): an author's TeX can name nothing else (`\href`,
 * `\class`, `\style`, `\require` are not loaded, and anything MathJax would draw otherwise —
 * text for a glyph its fonts lack, a link, an error — makes the formula shown as its source).
 *
 * Bounded: a formula over `MAX_FORMULA` characters, whose parse makes more than
 * `MAX_FORMULA_NODES` MathML nodes (macros can expand 82 characters to 4,500 glyphs: the nodes
 * count what is typeset, however it was written), or of more than `MAX_NODES` shapes is shown
 * as its source; MathJax's own limits bound macro substitutions (`maxMacros`, `maxBuffer`).
 * A page's formulas share a budget (`math-budget.ts`): past it, formulas not typeset yet show
 * their source. Each formula is typeset once per process (`KEPT_FORMULAS`, least recently
 * used dropped): the same formula on every page costs one typesetting.
 */
import { createRequire } from 'node:module';
import { budgetLeft, type MathBudget } from './math-budget';

/** A node of a typeset formula: an element of the few kinds kept, with checked attributes. */
export interface MathNode {
  tag: 'svg' | 'g' | 'path' | 'rect';
  attributes: Record<string, string>;
  children: MathNode[];
}

export interface TypesetFormula {
  svg: MathNode;
  /** The formula's vertical alignment against the text (`vertical-align`, in ex). */
  verticalAlign?: string;
}

export const MAX_FORMULA = 2_000;
/**
 * MathML nodes one formula's parse may make: at ≈0.4 ms a node to typeset, 0.4 s at worst
 * (a formula past it stops parsing there, ≈0.1 ms a node), and five times a 3×3 matrix
 * equation (≈180 nodes; `E = mc^2` is 19).
 */
export const MAX_FORMULA_NODES = 1_000;
/**
 * Macro substitutions one TeX parser may make (MathJax's `maxMacros`, 10,000 by default): a
 * formula's own `\newcommand`s used a few dozen times at most. Each argument is parsed apart
 * with a count of its own, so the nodes above are what bound a formula in all.
 */
const MAX_MACROS = 200;
const MAX_NODES = 5_000;
const KEPT_FORMULAS = 2_000;

interface LiteAdaptor {
  kind(node: unknown): string;
  childNodes(node: unknown): unknown[];
  getAttribute(node: unknown, name: string): string | null;
  allAttributes(node: unknown): Array<{ name: string; value: string }>;
}

interface Converter {
  adaptor: LiteAdaptor;
  /** The formula converted, its parse stopped past `maxNodes` nodes (`PastNodes`). */
  convert(formula: string, display: boolean, maxNodes: number): unknown;
  /** The MathML nodes the last conversion's parse made. */
  nodesMade(): number;
}

/** Thrown from inside MathJax's parse when a formula makes more nodes than it may. */
class PastNodes extends Error {}

interface NodeFactory {
  create(kind: string, ...rest: unknown[]): unknown;
}

let converter: Converter | null | undefined;

/** MathJax, set up once; null when it is not installed (formulas are then shown as TeX). */
function mathJax(): Converter | null {
  if (converter !== undefined) return converter;
  try {
    const require = createRequire(import.meta.url);
    const { mathjax } = require('mathjax-full/js/mathjax.js');
    const { TeX } = require('mathjax-full/js/input/tex.js');
    const { SVG } = require('mathjax-full/js/output/svg.js');
    const { liteAdaptor } = require('mathjax-full/js/adaptors/liteAdaptor.js');
    const { RegisterHTMLHandler } = require('mathjax-full/js/handlers/html.js');
    const { AllPackages } = require('mathjax-full/js/input/tex/AllPackages.js');
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    // No package that fetches, links, styles or classes: what a formula draws is only shapes;
    // an unknown macro is an error (shown as the source), not its name drawn in red.
    const packages = (AllPackages as string[]).filter(
      (name) => !['require', 'autoload', 'html', 'bussproofs', 'unicode', 'noundefined'].includes(name),
    );
    const tex = new TeX({ packages, maxMacros: MAX_MACROS, maxBuffer: 5 * 1024 });
    // Every node the parse makes goes through this one factory (this TeX input's own: other
    // users of MathJax in the process are not touched); past the formula's bound it throws,
    // which MathJax does not catch (only its own TeX errors), so the formula stops there.
    const factory = tex.parseOptions.nodeFactory as NodeFactory;
    const create = factory.create.bind(factory);
    let made = 0;
    let allowed = 0;
    factory.create = (kind, ...rest) => {
      if (++made > allowed) throw new PastNodes();
      return create(kind, ...rest);
    };
    const document = mathjax.document('', { InputJax: tex, OutputJax: new SVG({ fontCache: 'none' }) });
    converter = {
      adaptor,
      convert: (formula, display, maxNodes) => {
        made = 0;
        allowed = maxNodes;
        return document.convert(formula, { display });
      },
      nodesMade: () => made,
    };
  } catch {
    converter = null;
  }
  return converter;
}

/** Whether formulas are typeset here (MathJax is installed). */
export const canTypesetMath = (): boolean => mathJax() !== null;

const NUMBER = '-?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[-+]?\\d+)?';
const isNumber = new RegExp(`^${NUMBER}(?:ex|em|px)?$`);
const isViewBox = new RegExp(`^${NUMBER}(?:[ ,]+${NUMBER}){3}$`);
const isTransform = new RegExp(
  `^(?:\\s*(?:translate|scale|matrix)\\(\\s*${NUMBER}(?:[ ,]+${NUMBER})*\\s*\\))+\\s*$`,
);
const isPathData = /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s eE+-]*$/;
const isAlign = new RegExp(`^vertical-align:\\s*(${NUMBER}ex);?$`);

/** The attributes kept on each kind of element, with the check of their values. */
const ATTRIBUTES: Record<MathNode['tag'], Record<string, RegExp>> = {
  svg: { viewBox: isViewBox, width: isNumber, height: isNumber, x: isNumber, y: isNumber },
  g: { transform: isTransform },
  path: { d: isPathData, transform: isTransform },
  rect: { x: isNumber, y: isNumber, width: isNumber, height: isNumber, transform: isTransform },
};

class Unsafe extends Error {}

function rebuild(adaptor: LiteAdaptor, node: unknown, budget: { nodes: number }): MathNode | null {
  const kind = adaptor.kind(node);
  if (kind === '#text' || kind === '#comment') return null;
  // MathJax's markup of a formula: its title for assistive technology goes with the page's own label.
  if (kind === 'title' || kind === 'defs') return null;
  if (kind !== 'svg' && kind !== 'g' && kind !== 'path' && kind !== 'rect') throw new Unsafe(kind);
  if (kind === 'g' && adaptor.getAttribute(node, 'data-mml-node') === 'merror') throw new Unsafe('merror');
  if (kind === 'rect' && adaptor.getAttribute(node, 'data-background') === 'true') return null;
  if (++budget.nodes > MAX_NODES) throw new Unsafe('size');
  const allowed = ATTRIBUTES[kind];
  const attributes: Record<string, string> = {};
  for (const { name, value } of adaptor.allAttributes(node)) {
    const check = allowed[name];
    if (check?.test(value)) attributes[name] = value;
  }
  const children: MathNode[] = [];
  for (const child of adaptor.childNodes(node)) {
    const rebuilt = rebuild(adaptor, child, budget);
    if (rebuilt) children.push(rebuilt);
  }
  return { tag: kind, attributes, children };
}

const kept = new Map<string, TypesetFormula | null>();

/** A formula typeset, or null (shown as its source); `byBudget` when only the page's budget stopped it. */
interface Outcome {
  formula: TypesetFormula | null;
  byBudget: boolean;
}

function typeset(formula: string, display: boolean, budget: MathBudget | undefined): Outcome {
  const none = (byBudget = false): Outcome => ({ formula: null, byBudget });
  if (formula.length > MAX_FORMULA || formula.trim() === '') return none();
  const jax = mathJax();
  if (!jax) return none();
  const maxNodes = Math.min(MAX_FORMULA_NODES, budget?.nodesLeft ?? MAX_FORMULA_NODES);
  const started = performance.now();
  try {
    const container = jax.convert(formula, display, maxNodes);
    const { adaptor } = jax;
    const svg = adaptor.childNodes(container).find((node) => adaptor.kind(node) === 'svg');
    if (!svg) return none();
    const tree = rebuild(adaptor, svg, { nodes: 0 });
    if (!tree || tree.children.length === 0) return none();
    const align = adaptor.getAttribute(svg, 'style')?.trim().match(isAlign)?.[1];
    return { formula: { svg: tree, ...(align ? { verticalAlign: align } : {}) }, byBudget: false };
  } catch (error) {
    // A TeX error, a shape not kept, a formula past the bounds: shown as its source. Past
    // fewer nodes than a formula may make, it is the page's budget that stopped it.
    return none(error instanceof PastNodes && maxNodes < MAX_FORMULA_NODES);
  } finally {
    if (budget) {
      budget.nodesLeft -= Math.min(jax.nodesMade(), maxNodes);
      budget.msLeft -= performance.now() - started;
    }
  }
}

/**
 * `formula` typeset (kept per process), or undefined when it is shown as its TeX source. With
 * a page's `budget`, a formula not kept yet is typeset only while the budget lasts, and what
 * it costs is taken from it; one the budget stopped is not kept (another page may typeset it).
 */
export function typesetFormula(
  formula: string,
  display: boolean,
  budget?: MathBudget,
): TypesetFormula | undefined {
  const key = `${display ? 'D' : 'I'}${formula}`;
  let found = kept.get(key);
  if (found === undefined) {
    if (budget && !budgetLeft(budget)) return undefined;
    const outcome = typeset(formula, display, budget);
    found = outcome.formula;
    if (outcome.byBudget) return undefined;
    kept.set(key, found);
    if (kept.size > KEPT_FORMULAS) kept.delete(kept.keys().next().value as string);
  } else {
    kept.delete(key);
    kept.set(key, found);
  }
  return found ?? undefined;
}
