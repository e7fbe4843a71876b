/**
 * Code blocks highlighted at render time by Shiki, before React renders (React's server
 * renderer is synchronous; Shiki's grammars load asynchronously). Fine-grained: one highlighter
 * for the process, with Shiki's Oniguruma engine (the grammars' own regex dialect; its first
 * tokenization of a grammar was 5 times faster than the JavaScript engine's, which compiles
 * every regex on first use) and only the grammars pages have used so far, each loaded once. Two themes, one per colour scheme:
 * every token carries its light and dark colour as CSS variables, and the stylesheet picks.
 *
 * Bounds: a block over `MAX_HIGHLIGHTED_CHARS` and lines over `MAX_LINE_LENGTH` stay plain text;
 * an unknown language is plain text. A line gets `LINE_TIME_LIMIT_MS` (a line over Shiki's limit
 * is cut into one token, which its 500 ms default did to the first line of a grammar on a busy
 * machine), and a page `PAGE_BUDGET_MS` in all: blocks after that stay plain. Pages are rendered
 * once per revision (the render cache), so only an author's own content can cost this.
 */
import type { JSONDocument } from '@quire/documents/document-types';
import type { HighlighterCore } from 'shiki/core';

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

const MAX_HIGHLIGHTED_CHARS = 64 * 1024;
const MAX_LINE_LENGTH = 2_000;
const LINE_TIME_LIMIT_MS = 3_000;
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

let highlighter: Promise<HighlighterCore> | undefined;
const loading = new Map<string, Promise<boolean>>();
let aliases: Map<string, string> | undefined;

async function theHighlighter(): Promise<HighlighterCore> {
  highlighter ??= (async () => {
    const [{ createHighlighterCore }, { createOnigurumaEngine }, light, dark] = await Promise.all([
      import('shiki/core'),
      import('shiki/engine/oniguruma'),
      import('shiki/themes/github-light-default.mjs'),
      import('shiki/themes/github-dark-default.mjs'),
    ]);
    return createHighlighterCore({
      themes: [light.default, dark.default],
      langs: [],
      engine: createOnigurumaEngine(import('shiki/wasm')),
    });
  })();
  return highlighter;
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
  let loaded = loading.get(id);
  if (!loaded) {
    loaded = (async () => {
      try {
        const { bundledLanguages } = await import('shiki/langs');
        const load = bundledLanguages[id as keyof typeof bundledLanguages];
        if (!load) return false;
        await core.loadLanguage((await load()).default);
        return true;
      } catch {
        return false;
      }
    })();
    loading.set(id, loaded);
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

/** The documents' code blocks highlighted, keyed by `highlightKey`; plain ones are left out. */
export async function highlightCode(
  documents: readonly (JSONDocument | undefined)[],
): Promise<HighlightedCode> {
  const blocks = codeBlocksOf(documents).filter(
    ({ language, code }) => language !== '' && code.length <= MAX_HIGHLIGHTED_CHARS,
  );
  const result = new Map<string, CodeToken[][]>();
  if (blocks.length === 0) return result;
  const core = await theHighlighter();
  const started = performance.now();
  for (const { language, code } of blocks) {
    if (performance.now() - started > PAGE_BUDGET_MS) break;
    const key = highlightKey(language, code);
    if (result.has(key)) continue;
    const id = await languageNamed(language);
    if (!id || !(await loadLanguage(core, id))) continue;
    try {
      const light = core.codeToTokens(code, { lang: id, theme: THEMES.light, ...LIMITS });
      const dark = core.codeToTokens(code, { lang: id, theme: THEMES.dark, ...LIMITS });
      result.set(
        key,
        light.tokens.map((line, index) => mergedLine(line, dark.tokens[index] ?? [])),
      );
    } catch {
      // A grammar that fails on this text: the block stays plain.
    }
  }
  return result;
}
