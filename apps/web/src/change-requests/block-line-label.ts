/**
 * What a line of GitBook's markdown means, in words, for the line diff: `{% tab title="npm" %}`
 * is "Tab “npm” begins", `{% endstepper %}` "Stepper ends", `<details>` "Expandable begins",
 * `$$` "Math", GitBook's HTML forms (`<h2 align="center">` "Heading 2, centered", a `<pre>` of
 * highlighted lines, a drawing, a picture, a table) and an annotation's note (`[^1]: ...`).
 * Lines that are not a block's tag get no label. Read by the server's own tag
 * reader (`@quire/documents/gitbook-tag`), so a label is shown exactly where a tag is read.
 */
import { blockTagOf } from '@quire/documents/gitbook-tag';

const NAMES: Readonly<Record<string, string>> = {
  tabs: 'Tabs',
  tab: 'Tab',
  stepper: 'Stepper',
  step: 'Step',
  hint: 'Hint',
  code: 'Code',
  embed: 'Embed',
  'content-ref': 'Page link',
  include: 'Reusable content',
  file: 'File',
  drawing: 'Drawing',
  columns: 'Columns',
  column: 'Column',
  updates: 'Updates',
  update: 'Update',
  if: 'Shown when',
  prompt: 'Prompt',
  openapi: 'API operation',
  swagger: 'API operation',
  'openapi-operation': 'API operation',
  'openapi-schemas': 'API schemas',
  'openapi-webhook': 'API webhook',
};

/** The attribute that says which one it is (a tab's title, a hint's style...). */
const DETAIL: Readonly<Record<string, string>> = {
  tab: 'title',
  hint: 'style',
  code: 'title',
  embed: 'url',
  'content-ref': 'url',
  file: 'src',
  column: 'width',
  update: 'date',
};

const ALIGNED: Readonly<Record<string, string>> = { left: 'left', center: 'centered', right: 'right' };

const HTML_LABELS: ReadonlyArray<[RegExp, string | ((match: RegExpExecArray) => string)]> = [
  [/^<details( open)?>$/i, 'Expandable begins'],
  [/^<\/details>$/i, 'Expandable ends'],
  [/^<figure>/i, 'Image'],
  [/^<picture>/i, 'Image'],
  [/^<img [^>]*class="gitbook-drawing"/i, 'Drawing'],
  [/^<table data-view="cards">/i, 'Cards'],
  [/^<table[\s>]/i, 'Table'],
  [
    /^<h([1-6]) align="(left|center|right)"/i,
    (match) => `Heading ${match[1]}, ${ALIGNED[match[2]!.toLowerCase()]}`,
  ],
  [/^<p align="(left|center|right)"/i, (match) => `Paragraph, ${ALIGNED[match[1]!.toLowerCase()]}`],
  [/^<pre[\s>]/i, 'Code with highlighted lines'],
  [/^\[\^[^\]]+\]:/, 'Annotation'],
  [/^\$\$$/, 'Math'],
];

const MAX_DETAIL = 60;

export function blockLineLabel(line: string): string | undefined {
  const text = line.trim();
  for (const [pattern, label] of HTML_LABELS) {
    const match = pattern.exec(text);
    if (match) return typeof label === 'string' ? label : label(match);
  }
  const tag = blockTagOf(text);
  if (!tag) return undefined;
  const name = NAMES[tag.name] ?? (tag.name.startsWith('@') ? `Integration ${tag.name}` : undefined);
  if (!name) return undefined;
  if (tag.kind === 'close') return `${name} ends`;
  const detailName = DETAIL[tag.name];
  const detail =
    tag.name === 'if' || tag.name === 'include'
      ? tag.argument
      : detailName
        ? tag.attributes[detailName]
        : undefined;
  const shown = detail && detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail;
  if (tag.name === 'if') return `${name} ${shown ?? ''}`.trim();
  return shown ? `${name} “${shown}” begins` : `${name} begins`;
}
