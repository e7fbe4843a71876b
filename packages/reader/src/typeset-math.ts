/**
 * Formulas typeset at render time (issue 29, item 2): TeX in, SVG out, by MathJax (`mathjax-full`,
 * its own DOM-free adaptor, in the server's process), so a page shows its math with no script
 * and no web font. What reaches the page is not MathJax's markup but a tree rebuilt from it of
 * `svg`, `g`, `path` and `rect` only, with only geometric attributes whose values are checked
 * (numbers, transforms of numbers, path data): an author's TeX can name nothing else (`\href`,
 * `\class`, `\style`, `\require` are not loaded, and anything MathJax would draw otherwise —
 * text for a glyph its fonts lack, a link, an error — makes the formula shown as its source).
 *
 * Bounded: a formula over `MAX_FORMULA` characters (about 0.4 ms a glyph to typeset: under a
 * second at worst) or of more than `MAX_NODES` shapes is shown as its source; MathJax's own limits bound macro expansion (`maxMacros`, `maxBuffer`). Each
 * formula is typeset once per process (`KEPT_FORMULAS`, least recently used dropped): the same
 * formula on every page costs one typesetting.
 */
import { createRequire } from 'node:module';

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
  convert(formula: string, display: boolean): unknown;
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
    const document = mathjax.document('', {
      InputJax: new TeX({ packages, maxMacros: 1000, maxBuffer: 5 * 1024 }),
      OutputJax: new SVG({ fontCache: 'none' }),
    });
    converter = { adaptor, convert: (formula, display) => document.convert(formula, { display }) };
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

function typeset(formula: string, display: boolean): TypesetFormula | null {
  if (formula.length > MAX_FORMULA || formula.trim() === '') return null;
  const jax = mathJax();
  if (!jax) return null;
  try {
    const container = jax.convert(formula, display);
    const { adaptor } = jax;
    const svg = adaptor.childNodes(container).find((node) => adaptor.kind(node) === 'svg');
    if (!svg) return null;
    const tree = rebuild(adaptor, svg, { nodes: 0 });
    if (!tree || tree.children.length === 0) return null;
    const align = adaptor.getAttribute(svg, 'style')?.trim().match(isAlign)?.[1];
    return { svg: tree, ...(align ? { verticalAlign: align } : {}) };
  } catch {
    // A TeX error, a shape not kept, a formula past the bounds: shown as its source.
    return null;
  }
}

/** `formula` typeset (kept per process), or undefined when it is shown as its TeX source. */
export function typesetFormula(formula: string, display: boolean): TypesetFormula | undefined {
  const key = `${display ? 'D' : 'I'}${formula}`;
  let found = kept.get(key);
  if (found === undefined) {
    found = typeset(formula, display);
    kept.set(key, found);
    if (kept.size > KEPT_FORMULAS) kept.delete(kept.keys().next().value as string);
  } else {
    kept.delete(key);
    kept.set(key, found);
  }
  return found ?? undefined;
}
