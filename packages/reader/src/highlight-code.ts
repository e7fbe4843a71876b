/**
 * Code blocks highlighted at render time by Shiki, before React renders (React's server
 * renderer is synchronous; Shiki's grammars load asynchronously). Fine-grained: one highlighter
 * for the process, with Shiki's Oniguruma engine (the grammars' own regex dialect; its first
 * tokenization of a grammar was 5 times faster than the JavaScript engine's, which compiles
 * every regex on first use) and only the grammars pages have used so far, each loaded once. Two themes, one per colour scheme:
 * every token carries its light and dark colour as CSS variables, and the stylesheet picks.
 *
 * Bounds: Shiki runs on the server's event loop, ≈20-30 µs a character for each theme (CSS,
 * TypeScript), so a 64 KB block blocked it for 2-5 s. A block over `MAX_BLOCK_CHARS` and lines
 * over `MAX_LINE_LENGTH` stay plain text, and a page highlights `PAGE_CHARS` in all (a block that
 * does not fit in what is left stays plain; a smaller one after it may fit); an unknown language
 * is plain text. A block is tokenized in slices of whole lines (`SLICE_CHARS`), the grammar's
 * state carried from one to the next, with a turn of the event loop between slices. A line gets
 * `LINE_TIME_LIMIT_MS` (a line over Shiki's limit is cut into one token, which its 500 ms default
 * did to the first line of a grammar on a busy machine), and a page `PAGE_BUDGET_MS` of
 * tokenizing in all, checked between slices: a block it cuts short, and those after, stay plain.
 * Pages are rendered once per revision and visitor's conditions (the render cache).
 */
import type { JSONDocument } from '@quire/documents/document-types';
import type { GrammarState, HighlighterCore } from 'shiki/core';

/** One token: its text and its colour in each theme (absent: the block's default). */
export interface CodeToken {
  text: string;
  light?: string;
  dark?: string;
  italic?: boolean;
  bold?: boolean;
}

/** Highlighted lines of a code block, by the block's key in `highlightKey`. */
export type HighlightedCode = ReadonlyMap<string, CodeToken[][]>;

export const NO_HIGHLIGHTING: HighlightedCode = new Map();

/**
 * The longest block highlighted: ≈400 lines, a long example file (real code samples are well
 * under it); at most ≈1 s of tokenizing for both themes.
 */
const MAX_BLOCK_CHARS = 16 * 1024;
/** Characters a page highlights in all: two such blocks, or dozens of a real page's samples. */
const PAGE_CHARS = 32 * 1024;
/** Characters (whole lines) tokenized between two turns of the event loop: ≈50 ms of CSS. */
const SLICE_CHARS = 2 * 1024;
const MAX_LINE_LENGTH = 2_000;
const LINE_TIME_LIMIT_MS = 3_000;
/** Tokenizing a page may take in all (its own time, not the turns it waits). */
const PAGE_BUDGET_MS = 2_000;
const LIMITS = { tokenizeMaxLineLength: MAX_LINE_LENGTH, tokenizeTimeLimit: LINE_TIME_LIMIT_MS };
const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

interface ShikiToken {
  content: string;
  color?: string;
  fontStyle?: number;
}

/**
 * One line's tokens in both themes, cut where either theme's tokens are cut. (Shiki's own
 * `codeToTokensWithThemes` gave the light theme's first colour to every token of a line in
 * 4.6.0: the themes are tokenized apart and merged here.)
 */
function mergedLine(light: readonly ShikiToken[], dark: readonly ShikiToken[]): CodeToken[] {
  const merged: CodeToken[] = [];
  let i = 0;
  let j = 0;
  let lightRest = light[0]?.content ?? '';
  let darkRest = dark[0]?.content ?? '';
  while (i < light.length) {
    const lightToken = light[i]!;
    const darkToken = dark[j];
    const length = darkToken ? Math.min(lightRest.length, darkRest.length) : lightRest.length;
    const fontStyle = lightToken.fontStyle ?? 0;
    merged.push({
      text: lightRest.slice(0, length),
      ...(lightToken.color ? { light: lightToken.color } : {}),
      ...(darkToken?.color ? { dark: darkToken.color } : {}),
      ...(fontStyle > 0 && fontStyle & 1 ? { italic: true } : {}),
      ...(fontStyle > 0 && fontStyle & 2 ? { bold: true } : {}),
    });
    lightRest = lightRest.slice(length);
    darkRest = darkRest.slice(length);
    if (lightRest === '') lightRest = light[++i]?.content ?? '';
    if (darkToken && darkRest === '') darkRest = dark[++j]?.content ?? '';
  }
  // Neighbours of the same colours are one span.
  return merged.reduce<CodeToken[]>((joined, token) => {
    const last = joined.at(-1);
    if (
      last &&
      last.light === token.light &&
      last.dark === token.dark &&
      last.italic === token.italic &&
      last.bold === token.bold
    )
      last.text += token.text;
    else joined.push({ ...token });
    return joined;
  }, []);
}

/** The key of a code block's highlighting: its language and its text. */
export const highlightKey = (language: string, code: string): string => `${language}\u0000${code}`;

/** A code block's text, one line per `code-line`. */
export const codeTextOf = (block: { nodes: Array<{ nodes: Array<{ leaves: Array<{ text: string }> }> }> }) =>
  block.nodes
    .map((line) => line.nodes.map((text) => text.leaves.map((leaf) => leaf.text).join('')).join(''))
    .join('\n');

// What was loaded is kept, and a load's promise only while it runs: a kept promise would keep
// the async context it was made in (the first request's, and the server behind it).
let highlighter: HighlighterCore | undefined;
let highlighterLoading: Promise<HighlighterCore> | undefined;
/** Whether each grammar loaded (false: it cannot be), and the loads under way. */
const loadedLanguages = new Map<string, boolean>();
const loadingLanguages = new Map<string, Promise<boolean>>();
let aliases: Map<string, string> | undefined;

async function theHighlighter(): Promise<HighlighterCore> {
  if (highlighter) return highlighter;
  highlighterLoading ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/oniguruma'),
      import('shiki/themes/github-light-default.mjs'),
      import('shiki/themes/github-dark-default.mjs'),
    ]);
    highlighter = await createHighlighterCore({
      themes: [light.default, dark.default],
      langs: [],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
    highlighterLoading = undefined;
    return highlighter;
  })();
  return highlighterLoading;
}

/** Shiki's name of a language (its aliases: `js`, `sh`, `yml`...), or undefined when it has none. */
async function languageNamed(name: string): Promise<string | undefined> {
  if (!aliases) {
    const { bundledLanguagesInfo } = await import('shiki/langs');
    aliases = new Map();
    for (const info of bundledLanguagesInfo) {
      aliases.set(info.id, info.id);
      for (const alias of info.aliases ?? []) aliases.set(alias, info.id);
    }
  }
  return aliases.get(name.toLowerCase());
}

/** Loads a grammar once (with what it embeds); false when it cannot be loaded. */
async function loadLanguage(core: HighlighterCore, id: string): Promise<boolean> {
  const known = loadedLanguages.get(id);
  if (known !== undefined) return known;
  let loaded = loadingLanguages.get(id);
  if (!loaded) {
    loaded = (async () => {
      let ok = false;
      try {
        const { bundledLanguages } = await import('shiki/langs');
        const load = bundledLanguages[id as keyof typeof bundledLanguages];
        if (load) {
          await core.loadLanguage((await load()).default);
          ok = true;
        }
      } catch {
        ok = false;
      }
      loadedLanguages.set(id, ok);
      loadingLanguages.delete(id);
      return ok;
    })();
    loadingLanguages.set(id, loaded);
  }
  return loaded;
}

/** Every code block of the documents (nested blocks too), as language and text. */
function codeBlocksOf(
  documents: readonly (JSONDocument | undefined)[],
): Array<{ language: string; code: string }> {
  const found: Array<{ language: string; code: string }> = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    const block = node as {
      object?: string;
      type?: string;
      data?: { syntax?: unknown };
      nodes?: unknown;
      fragments?: unknown;
    };
    if (block.object === 'block' && block.type === 'code' && typeof block.data?.syntax === 'string') {
      found.push({
        language: block.data.syntax,
        code: codeTextOf(block as Parameters<typeof codeTextOf>[0]),
      });
      return;
    }
    for (const child of Array.isArray(block.nodes) ? block.nodes : []) visit(child, depth + 1);
    for (const child of Array.isArray(block.fragments) ? block.fragments : []) visit(child, depth + 1);
  };
  for (const document of documents) if (document) visit(document, 0);
  return found;
}

/** What is left of a page's highlighting: characters, and milliseconds of tokenizing. */
interface PageBudget {
  chars: number;
  msLeft: number;
}

/** One turn of the event loop: what waits for it (a health check, another request) runs. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** `tokenize` run, its time taken from the budget. */
function timed<T>(budget: PageBudget, tokenize: () => T): T {
  const started = performance.now();
  try {
    return tokenize();
  } finally {
    budget.msLeft -= performance.now() - started;
  }
}

/**
 * A block's lines highlighted in both themes, a slice of whole lines at a time, the grammar's
 * state carried on (the same tokens as the block at once); undefined when the page's time ran
 * out before its end.
 */
async function sliced(
  core: HighlighterCore,
  lang: string,
  code: string,
  budget: PageBudget,
): Promise<CodeToken[][] | undefined> {
  const lines = code.split('\n');
  const merged: CodeToken[][] = [];
  let light: GrammarState | undefined;
  let dark: GrammarState | undefined;
  for (let start = 0; start < lines.length; ) {
    let end = start + 1;
    let size = (lines[start] as string).length;
    while (end < lines.length && size + (lines[end] as string).length + 1 <= SLICE_CHARS)
      size += (lines[end++] as string).length + 1;
    const text = lines.slice(start, end).join('\n');
    const lightTokens = timed(budget, () =>
      core.codeToTokens(text, {
        lang,
        theme: THEMES.light,
        ...LIMITS,
        ...(light ? { grammarState: light } : {}),
      }),
    );
    await turn();
    if (budget.msLeft <= 0) return undefined;
    const darkTokens = timed(budget, () =>
      core.codeToTokens(text, {
        lang,
        theme: THEMES.dark,
        ...LIMITS,
        ...(dark ? { grammarState: dark } : {}),
      }),
    );
    light = lightTokens.grammarState;
    dark = darkTokens.grammarState;
    lightTokens.tokens.forEach((line, index) => {
      merged.push(mergedLine(line, darkTokens.tokens[index] ?? []));
    });
    start = end;
    await turn();
    if (budget.msLeft <= 0) return undefined;
  }
  return merged;
}

/** The documents' code blocks highlighted, keyed by `highlightKey`; plain ones are left out. */
export async function highlightCode(
  documents: readonly (JSONDocument | undefined)[],
): Promise<HighlightedCode> {
  const blocks = codeBlocksOf(documents).filter(
    ({ language, code }) => language !== '' && code.length <= MAX_BLOCK_CHARS,
  );
  const result = new Map<string, CodeToken[][]>();
  if (blocks.length === 0) return result;
  const core = await theHighlighter();
  const budget: PageBudget = { chars: PAGE_CHARS, msLeft: PAGE_BUDGET_MS };
  for (const { language, code } of blocks) {
    if (budget.msLeft <= 0) break;
    const key = highlightKey(language, code);
    if (result.has(key) || code.length > budget.chars) continue;
    const id = await languageNamed(language);
    if (!id || !(await loadLanguage(core, id))) continue;
    budget.chars -= code.length;
    try {
      const lines = await sliced(core, id, code, budget);
      if (lines) result.set(key, lines);
    } catch {
      // A grammar that fails on this text: the block stays plain.
    }
  }
  return result;
}
