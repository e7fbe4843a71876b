/**
 * Formulas typeset for the PDF by MathJax (`mathjax-full`, TeX in, SVG out, in Node with its
 * own DOM-free adaptor: no browser), then drawn by pdfkit as the vector paths MathJax gives:
 * each glyph is a `<path>` of MathJax's TeX fonts (`fontCache: 'none'`, so no `<use>`), rules
 * are `<rect>`s, and groups carry `translate`/`scale`/`matrix` transforms, all of which
 * pdfkit draws natively (`path`, `rect`, `transform`). No font is embedded.
 *
 * A formula MathJax cannot read (an error node in its output), one past `MAX_FORMULA`, an
 * output of more than `MAX_SHAPES` shapes, or MathJax missing from the install: undefined,
 * and the caller prints the source. TeX's macros are expanded by MathJax with its own limits
 * (`maxMacros`, `maxBuffer`); `\require` and `\href` are not loaded (no package that fetches
 * or links), and nothing of the formula becomes anything but paths.
 */
import { createRequire } from 'node:module';

export interface MathShape {
  kind: 'path' | 'rect';
  /** The path's data, in the formula's units (1000 to the em). */
  d?: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** The transforms from the outermost group in, each a pdfkit matrix. */
  transforms: Matrix[];
}

export type Matrix = [number, number, number, number, number, number];

export interface TypesetMath {
  /** The viewBox: its left, top, width and height, in the formula's units. */
  box: { x: number; y: number; width: number; height: number };
  shapes: MathShape[];
}

export const MAX_FORMULA = 4_000;
const MAX_SHAPES = 5_000;

interface LiteAdaptor {
  kind(node: unknown): string;
  childNodes(node: unknown): unknown[];
  getAttribute(node: unknown, name: string): string | null;
}

interface Converter {
  adaptor: LiteAdaptor;
  convert(formula: string, display: boolean): unknown;
}

let converter: Converter | null | undefined;

/** MathJax, set up once per thread; null when it is not installed. */
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
    const packages = (AllPackages as string[]).filter(
      (name) => !['require', 'autoload', 'html', 'bussproofs'].includes(name),
    );
    const document = mathjax.document('', {
      InputJax: new TeX({ packages }),
      OutputJax: new SVG({ fontCache: 'none' }),
    });
    converter = {
      adaptor,
      convert: (formula, display) => document.convert(formula, { display }),
    };
  } catch {
    converter = null;
  }
  return converter;
}

/** Whether formulas can be typeset here (MathJax is installed). */
export const canTypesetMath = (): boolean => mathJax() !== null;

const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;

/** The transforms of a `transform` attribute, as pdfkit matrices; undefined for one not understood. */
export function matricesOf(transform: string | null): Matrix[] | undefined {
  if (!transform) return [];
  const out: Matrix[] = [];
  const call = /(translate|scale|matrix)\s*\(([^)]*)\)/g;
  let rest = transform;
  for (let match = call.exec(transform); match; match = call.exec(transform)) {
    rest = rest.replace(match[0], '');
    const values = (match[2]?.match(NUMBER) ?? []).map(Number);
    if (match[1] === 'translate') out.push([1, 0, 0, 1, values[0] ?? 0, values[1] ?? 0]);
    else if (match[1] === 'scale') out.push([values[0] ?? 1, 0, 0, values[1] ?? values[0] ?? 1, 0, 0]);
    else if (values.length === 6) out.push(values as Matrix);
    else return undefined;
  }
  return rest.trim() === '' ? out : undefined;
}

const numberOf = (text: string | null, fallback = 0) => {
  const value = Number(text);
  return text !== null && Number.isFinite(value) ? value : fallback;
};

/** `formula` typeset, or undefined when it cannot be (see above). */
export function typesetMath(formula: string, display: boolean): TypesetMath | undefined {
  if (formula.length > MAX_FORMULA || formula.trim() === '') return undefined;
  const jax = mathJax();
  if (!jax) return undefined;
  let container: unknown;
  try {
    container = jax.convert(formula, display);
  } catch {
    return undefined;
  }
  const { adaptor } = jax;
  const svg = adaptor.childNodes(container).find((node) => adaptor.kind(node) === 'svg');
  const box = adaptor.getAttribute(svg, 'viewBox')?.match(NUMBER)?.map(Number);
  if (!svg || !box || box.length !== 4) return undefined;
  const shapes: MathShape[] = [];
  let failed = false;
  const walk = (node: unknown, transforms: Matrix[]) => {
    if (failed) return;
    const kind = adaptor.kind(node);
    if (kind === 'g' && adaptor.getAttribute(node, 'data-mml-node') === 'merror') {
      failed = true;
      return;
    }
    // A glyph MathJax's fonts lack is a <text> for a browser's font: not drawable here.
    if (kind === 'text' || kind === 'foreignObject' || kind === 'image' || kind === 'use') {
      failed = true;
      return;
    }
    let here = transforms;
    if (kind === 'g' || kind === 'svg') {
      const own = matricesOf(adaptor.getAttribute(node, 'transform'));
      if (own === undefined) {
        failed = true;
        return;
      }
      // A nested <svg> (MathJax uses one for some stretched parts) is placed at its x and y.
      const place: Matrix[] =
        kind === 'svg' && node !== svg
          ? [
              [
                1,
                0,
                0,
                1,
                numberOf(adaptor.getAttribute(node, 'x')),
                numberOf(adaptor.getAttribute(node, 'y')),
              ],
            ]
          : [];
      here = [...transforms, ...place, ...own];
    }
    if (kind === 'path') {
      const d = adaptor.getAttribute(node, 'd');
      if (d) shapes.push({ kind: 'path', d, transforms: here });
    } else if (kind === 'rect') {
      if (adaptor.getAttribute(node, 'data-background') !== 'true')
        shapes.push({
          kind: 'rect',
          x: numberOf(adaptor.getAttribute(node, 'x')),
          y: numberOf(adaptor.getAttribute(node, 'y')),
          width: numberOf(adaptor.getAttribute(node, 'width')),
          height: numberOf(adaptor.getAttribute(node, 'height')),
          transforms: here,
        });
    }
    if (shapes.length > MAX_SHAPES) {
      failed = true;
      return;
    }
    for (const child of adaptor.childNodes(node)) walk(child, here);
  };
  walk(svg, []);
  if (failed || shapes.length === 0) return undefined;
  const [x, y, width, height] = box as [number, number, number, number];
  return { box: { x, y, width, height }, shapes };
}

/**
 * Draws a typeset formula with its box's top left at (`left`, `top`), `em` points to the em
 * (MathJax's 1000 units), in the current fill colour.
 */
export function drawTypesetMath(
  doc: PDFKit.PDFDocument,
  math: TypesetMath,
  left: number,
  top: number,
  em: number,
): void {
  const scale = em / 1000;
  doc.save();
  doc.transform(scale, 0, 0, scale, left - math.box.x * scale, top - math.box.y * scale);
  for (const shape of math.shapes) {
    doc.save();
    for (const matrix of shape.transforms) doc.transform(...matrix);
    if (shape.kind === 'path' && shape.d) doc.path(shape.d).fill();
    else if (shape.kind === 'rect')
      doc.rect(shape.x ?? 0, shape.y ?? 0, shape.width ?? 0, shape.height ?? 0).fill();
    doc.restore();
  }
  doc.restore();
}
