/**
 * GitBook's math (`$$...$$` blocks and inline formulas), typeset by KaTeX, loaded with the
 * first formula of a page (it is a large library, so a page without math never loads it).
 * KaTeX runs with `trust: false` (no `\href`, `\url`, `\includegraphics`, `\htmlClass`...),
 * so its output is its own markup of the formula and only that is set as HTML; until it is
 * loaded, and when a formula does not parse or is too long, the formula is shown as code.
 */
import { useEffect, useState } from 'react';

type Katex = typeof import('katex').default;

/** Past this a formula is shown as its source: KaTeX's time grows with it. */
const MAX_FORMULA = 10_000;

let loaded: Katex | undefined;
let loading: Promise<Katex> | undefined;

function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([module]) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
}

/** The formula typeset as HTML by KaTeX, or undefined when it cannot be. */
export function typeset(katex: Katex, formula: string, displayMode: boolean): string | undefined {
  if (formula.length > MAX_FORMULA) return undefined;
  try {
    return katex.renderToString(formula, {
      displayMode,
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: 50,
      maxExpand: 500,
      output: 'htmlAndMathml',
    });
  } catch {
    return undefined;
  }
}

function useKatex(): Katex | undefined {
  const [katex, setKatex] = useState(loaded);
  useEffect(() => {
    if (katex) return;
    let live = true;
    loadKatex().then(
      (module) => live && setKatex(() => module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [katex]);
  return katex;
}

function Formula({ formula, display }: { formula: string; display: boolean }) {
  const katex = useKatex();
  const html = katex ? typeset(katex, formula, display) : undefined;
  const Tag = display ? 'div' : 'span';
  const className = display ? 'doc-math' : 'doc-inline-math';
  if (html === undefined)
    return (
      <Tag className={`${className} doc-math-source`}>
        <code>{formula}</code>
      </Tag>
    );
  // KaTeX's own markup of the formula (trust: false): the one place HTML is set.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output with trust: false
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function MathBlock({ formula }: { formula: string }) {
  return <Formula formula={formula} display />;
}

export function InlineMath({ formula }: { formula: string }) {
  return <Formula formula={formula} display={false} />;
}
