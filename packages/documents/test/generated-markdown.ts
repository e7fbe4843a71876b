/**
 * Markdown documents for property tests of the tokenizer against micromark
 * (`markdown-parser-parity.test.ts`): leaves of inline syntax (paragraphs of several lines,
 * ATX and setext headings, fences, indented code, `$$` math, HTML blocks, tables, link and
 * footnote definitions), nested in containers (block quotes, bullet and ordered lists of
 * several widths, footnote definitions) whose continuation lines keep, drop (lazy lines) or
 * widen their prefixes, with tabs, blank lines inside items and any line ending. Each piece
 * is short: what differs is where the pieces meet.
 */
import fc from 'fast-check';

const inlinePart = fc.constantFrom(
  'text',
  ' ',
  '  ',
  '\t',
  '*',
  '**',
  '_',
  '`',
  '``',
  '~~',
  '[',
  ']',
  '](/u "t")',
  '](',
  '][',
  '![',
  '<b>',
  '</b>',
  '<a',
  '<!--',
  '-->',
  '<https://a.test>',
  'www.x.com',
  'https://a.b/c',
  'a@b.co',
  '&amp;',
  '&#35;',
  '\\*',
  '\\',
  ':smile:',
  '$$',
  '$$x$$',
  '[^1]',
  '{% hint %}',
  '{{ x }}',
  '|',
  '"',
  '(',
  ')',
  '[l]',
  '](<a b>)',
  '[l\nm]',
  // Line endings inside a line: lazy continuation lines, hard breaks.
  '\n',
  '  \n',
  '\\\n',
  '][l]',
  '[l][]',
  '[^2]',
  '<a@b.co>',
  '***a***',
  '__',
  '&#x41;',
  '&',
  '\u00a0',
  'é',
  ':x',
  '~',
  '\\|',
  "'",
);

/** One line of inline syntax (maybe empty). */
const inlineLine = fc.array(inlinePart, { maxLength: 6 }).map((parts) => parts.join(''));

/** A line that is not blank. */
const textLine = inlineLine.map((text) => (text.trim() === '' ? `x${text}` : text));

/** Leading whitespace of a continuation line, its own (past its containers' prefix). */
const indent = fc.constantFrom('', '', '', ' ', '  ', '   ', '    ', '\t', ' \t');

/** A paragraph of one to three lines, the later ones indented any way. */
const paragraph = fc
  .tuple(textLine, fc.array(fc.tuple(indent, textLine), { maxLength: 2 }))
  .map(([first, rest]) => [first, ...rest.map(([space, text]) => space + text)]);

type Lines = string[];

const leaf: fc.Arbitrary<Lines> = fc.oneof(
  { weight: 6, arbitrary: paragraph },
  textLine.map((text) => [`# ${text}`]),
  fc.tuple(paragraph, fc.constantFrom('===', '---', '  ---  ', '-')).map(([lines, line]) => [...lines, line]),
  inlineLine.map((text) => ['```js title', text, '```']),
  inlineLine.map((text) => ['~~~', text]),
  textLine.map((text) => [`    ${text}`]),
  inlineLine.map((text) => ['$$', text, '$$']),
  inlineLine.map((text) => ['<div>', text, '</div>']),
  inlineLine.map((text) => [`<!-- ${text}`, '-->']),
  inlineLine.map((text) => ['<a href="x">', text]),
  inlineLine.map((text) => ['<pre>', text, '</pre>']),
  inlineLine.map((text) => [`<?x ${text}`, '?>']),
  inlineLine.map((text) => [`<!X ${text}`]),
  textLine.map((text) => ['  ```', `   ${text}`, '   ```']),
  textLine.map((text) => [`| \`a|b\` | ${text} |`, '|-|-|']),
  textLine.map((text) => [`| ${text} | b |`, '| --- | :-: |', `| c | ${text} |`]),
  inlineLine.map((text) => [`[l]: /url "${text}"`]),
  inlineLine.map((text) => ['[l]:', `  /url`, `  "${text}"`]),
  inlineLine.map((text) => ['[l', `m]: <a b> '${text}`, `'`]),
  fc.constantFrom<Lines>(['***'], ['---'], ['* * *'], [''], ['  '], ['\t']),
);

/** A container's marker and the prefix of its continuation lines. */
const container = fc.constantFrom<[marker: string, prefix: string]>(
  ['> ', '> '],
  ['>', '>'],
  ['>\t', '>\t'],
  ['- ', '  '],
  ['* ', '  '],
  ['-\t', '\t'],
  ['-\t', '  '],
  ['-   ', '    '],
  ['1. ', '   '],
  ['10) ', '    '],
  [' - ', '   '],
  ['[^1]: ', '    '],
  ['- [x] ', '  '],
  ['+ ', '   '],
  ['2) ', '   '],
  ['-     ', '  '],
  ['- ', ' '],
  ['> ', ''],
);

/** Lines in a container: the first after its marker, the rest after its prefix or lazy. */
function contained(inner: fc.Arbitrary<Lines>): fc.Arbitrary<Lines> {
  return fc
    .tuple(container, inner, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }))
    .map(([[marker, prefix], lines, lazy]) =>
      lines.map((line, index) => {
        if (index === 0) return line === '' ? marker.trimEnd() : marker + line;
        if (line.trim() === '') return lazy[index % 8] ? '' : prefix.trimEnd();
        return lazy[index % 8] ? line : prefix + line;
      }),
    );
}

/** One or more blocks, a blank line between some. */
function blocksOf(block: fc.Arbitrary<Lines>): fc.Arbitrary<Lines> {
  return fc
    .tuple(block, fc.array(fc.tuple(fc.boolean(), block), { maxLength: 2 }))
    .map(([first, rest]) => [
      ...first,
      ...rest.flatMap(([blank, lines]) => (blank ? ['', ...lines] : lines)),
    ]);
}

/** A block: a leaf, or blocks in a container, `depth` containers deep at most. */
function blockAt(depth: number): fc.Arbitrary<Lines> {
  if (depth === 0) return leaf;
  return fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 2, arbitrary: contained(blocksOf(blockAt(depth - 1))) },
  );
}

const block = blockAt(3);

/**
 * A document: blocks joined by one line ending or a blank line, maybe after front matter, all
 * of one kind of line ending.
 */
export function generatedDocument(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.array(fc.tuple(block, fc.boolean()), { maxLength: 5 }),
      fc.constantFrom('\n', '\n', '\r\n', '\r'),
      fc.boolean(),
      fc.constantFrom('', '', '', '---\ntitle: x\n---\n'),
    )
    .map(([blocks, ending, final, frontMatter]) => {
      const lines = blocks.flatMap(([lines, blank], index) => (blank && index > 0 ? ['', ...lines] : lines));
      const text = frontMatter + lines.join('\n') + (final && lines.length > 0 ? '\n' : '');
      return ending === '\n' ? text : text.replaceAll('\n', ending);
    });
}
