import type { PhrasingContent } from 'mdast';
import { emojiCharacterOf, emojiCodeOfName } from './gitbook-emoji';
import type { GitbookMark } from './gitbook-html';
import type { GitbookInlineImage } from './gitbook-inline-images';
import type { GitbookSizedButton } from './gitbook-sized-buttons';

/**
 * Phrasing content as the HTML GitBook writes inside its HTML blocks (captions, summaries,
 * table and card cells), and the escapes of text and attributes every printer of GitBook's
 * HTML uses (`gitbook-html-print.ts`, `gitbook-html-table-print.ts`).
 */

export function escapeHtmlText(text: string): string {
  return text.replaceAll('&', '&#x26;').replaceAll('<', '&#x3C;').replaceAll('>', '&#x3E;');
}

/** Also `|`, so that an attribute may stand in a GFM table's cell (where `|` ends the cell). */
export function escapeHtmlAttribute(text: string): string {
  return escapeHtmlText(text)
    .replaceAll('"', '&#x22;')
    .replaceAll('|', '&#x7C;')
    .replace(/[\r\n]+/g, ' ');
}

export function attributesText(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) =>
      value === '' ? ' ' + name : ' ' + name + '="' + escapeHtmlAttribute(value) + '"',
    )
    .join('');
}

/** Phrasing content as the HTML GitBook writes in captions, summaries and card cells. */
export function htmlOfPhrasing(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return escapeHtmlText(node.value);
        case 'strong':
          return '<strong>' + htmlOfPhrasing(node.children) + '</strong>';
        case 'emphasis':
          return '<em>' + htmlOfPhrasing(node.children) + '</em>';
        case 'delete':
          return '<s>' + htmlOfPhrasing(node.children) + '</s>';
        case 'inlineCode':
          return '<code>' + escapeHtmlText(node.value) + '</code>';
        case 'break':
          return '<br>';
        case 'link':
          if (node.title === 'mention')
            return (
              '<a data-mention href="' +
              escapeHtmlAttribute(node.url) +
              '">' +
              htmlOfPhrasing(node.children) +
              '</a>'
            );
          return (
            '<a href="' +
            escapeHtmlAttribute(node.url) +
            (node.title ? '" title="' + escapeHtmlAttribute(node.title) : '') +
            '">' +
            htmlOfPhrasing(node.children) +
            '</a>'
          );
        case 'gitbookMark':
          return '<mark style="' + markStyle(node) + '">' + htmlOfPhrasing(node.children) + '</mark>';
        case 'gitbookTextMark':
          return '<' + node.tag + '>' + htmlOfPhrasing(node.children) + '</' + node.tag + '>';
        case 'gitbookButton':
          return (
            '<a href="' +
            escapeHtmlAttribute(node.url) +
            '" class="button ' +
            node.kind +
            '"' +
            (node.icon === undefined ? '' : ' data-icon="' + escapeHtmlAttribute(node.icon) + '"') +
            '>' +
            escapeHtmlText(node.label.replace(/[\r\n]+/g, ' ')) +
            '</a>'
          );
        case 'gitbookSizedButton':
          return sizedButtonHtml(node, escapeHtmlText(node.label.replace(/[\r\n]+/g, ' ')));
        case 'gitbookEmoji': {
          // GitBook's form inside HTML; a name with no code here is its shortcode, as text.
          const code = emojiCodeOfName(node.name);
          return code === undefined
            ? escapeHtmlText(':' + node.name + ':')
            : '<span data-gb-custom-inline data-tag="emoji" data-code="' +
                code +
                '">' +
                escapeHtmlText(emojiCharacterOf(code)) +
                '</span>';
        }
        case 'gitbookPicture':
          return (
            '<picture><source srcset="' +
            escapeHtmlAttribute(node.darkUrl) +
            '" media="(prefers-color-scheme: dark)"><img src="' +
            escapeHtmlAttribute(node.url) +
            '" alt="' +
            escapeHtmlAttribute(node.alt) +
            '"></picture>'
          );
        case 'image':
          // GitBook's inline image inside its HTML; without this a cell's image was dropped.
          return inlineImageHtml({
            url: node.url,
            alt: node.alt ?? '',
            ...(node.title ? { caption: node.title } : {}),
          });
        case 'gitbookInlineImage':
          return inlineImageHtml(node);
        case 'gitbookExpression':
          // GitBook's form of an expression inside its HTML (`{{ }}` is markdown's only).
          return '<code class="expression">' + escapeHtmlText(node.expression) + '</code>';
        case 'gitbookIcon':
          // GitBook's form: the icon's name as an emoji code inside, for readers of the raw file.
          return '<i class="fa-' + node.icon + '">:' + node.icon + ':</i>';
        default:
          // Nothing else has a form in this HTML: its text.
          return 'children' in node
            ? htmlOfPhrasing(node.children as PhrasingContent[])
            : 'value' in node
              ? escapeHtmlText(String(node.value))
              : '';
      }
    })
    .join('');
}

const darkMedia = '(prefers-color-scheme: dark)';

/**
 * GitBook's inline image in HTML (`gitbook-inline-images.ts`): `<img src alt>`, a caption as
 * `title`, a size as `data-size`, inside `<picture>` with its dark variant. Every attribute's
 * `|` as a reference, so that the image may stand in a GFM table's cell.
 */
export function inlineImageHtml(image: Omit<GitbookInlineImage, 'type'>): string {
  const img =
    '<img src="' +
    escapeHtmlAttribute(image.url) +
    '" alt="' +
    escapeHtmlAttribute(image.alt) +
    '"' +
    (image.caption === undefined ? '' : ' title="' + escapeHtmlAttribute(image.caption) + '"') +
    (image.size === undefined ? '' : ' data-size="' + image.size + '"') +
    '>';
  if (image.darkUrl === undefined) return img;
  return (
    '<picture><source srcset="' +
    escapeHtmlAttribute(image.darkUrl) +
    '" media="' +
    darkMedia +
    '">' +
    img +
    '</picture>'
  );
}

/**
 * A button with a size or an action as GitBook writes it (`gitbook-sized-buttons.ts`), its
 * label already written for where it stands. Every attribute's `|` as a reference, so that the
 * button may stand in a GFM table's cell.
 */
export function sizedButtonHtml(button: GitbookSizedButton, label: string): string {
  const attribute = (name: string, value: string | undefined) =>
    value === undefined ? '' : ' ' + name + '="' + escapeHtmlAttribute(value) + '"';
  const tail = attribute('data-icon', button.icon) + attribute('data-size', button.size) + '>' + label;
  if (button.action === undefined)
    return '<a' + attribute('href', button.url ?? '') + ' class="button ' + button.kind + '"' + tail + '</a>';
  const action = button.action;
  return (
    '<button type="button" class="button ' +
    button.kind +
    '" data-action="' +
    action.action +
    '"' +
    (action.action === 'select'
      ? attribute('data-slug', action.slug)
      : attribute('data-query', action.query)) +
    tail +
    '</button>'
  );
}

export function markStyle(mark: Pick<GitbookMark, 'color' | 'background'>): string {
  return (
    (mark.color === undefined ? '' : 'color:' + mark.color + ';') +
    (mark.background === undefined ? '' : 'background-color:' + mark.background + ';')
  );
}
