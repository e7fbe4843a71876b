import type { Options as StringifyOptions } from 'remark-stringify';
import type {
  CardsColumn,
  GitbookButton,
  GitbookCards,
  GitbookDetails,
  GitbookDrawing,
  GitbookFigure,
  GitbookIcon,
  GitbookMark,
  GitbookParagraph,
  GitbookPicture,
  GitbookTextMark,
} from './gitbook-html';
import type { GitbookTable } from './gitbook-html-table';
import { gitbookTableHtml } from './gitbook-html-table-print';
import {
  attributesText,
  escapeHtmlAttribute,
  escapeHtmlText,
  htmlOfPhrasing,
  markStyle,
} from './gitbook-phrasing-html';

export { escapeHtmlAttribute, escapeHtmlText, htmlOfPhrasing };

type Handlers = NonNullable<StringifyOptions['handlers']>;
type Handle = NonNullable<Handlers['hint']>;

/**
 * Printers of the GitBook HTML nodes of `gitbook-html.ts`, in the form GitBook writes them:
 * a figure or a cards table on one line, `<details>` with blank lines around its summary and
 * its content, inline buttons, marks and icons. Every value is escaped for HTML, and only the
 * elements and attributes the reader accepts are ever written.
 */

export function figureHtml(figure: Omit<GitbookFigure, 'type'>): string {
  const size =
    (figure.width === undefined ? '' : ' width="' + escapeHtmlAttribute(figure.width) + '"') +
    (figure.height === undefined ? '' : ' height="' + escapeHtmlAttribute(figure.height) + '"');
  const img =
    '<img src="' +
    escapeHtmlAttribute(figure.url) +
    '" alt="' +
    escapeHtmlAttribute(figure.alt) +
    '"' +
    size +
    '>';
  const media =
    figure.darkUrl === undefined
      ? img
      : '<picture><source srcset="' +
        escapeHtmlAttribute(figure.darkUrl) +
        '" media="(prefers-color-scheme: dark)">' +
        img +
        '</picture>';
  const caption = figure.caption.length === 0 ? '' : '<p>' + htmlOfPhrasing(figure.caption) + '</p>';
  const html = '<figure>' + media + '<figcaption>' + caption + '</figcaption></figure>';
  const layout =
    (figure.align === undefined ? '' : ' align="' + figure.align + '"') +
    (figure.fullWidth === undefined ? '' : ' data-full-width="' + figure.fullWidth + '"') +
    (figure.withFrame === undefined ? '' : ' data-with-frame="' + figure.withFrame + '"');
  return layout === '' ? html : '<div' + layout + '>' + html + '</div>';
}

function headCell(column: CardsColumn): string {
  return '<th' + attributesText(column.attributes) + '>' + htmlOfPhrasing(column.title) + '</th>';
}

export function cardsHtml(cards: Omit<GitbookCards, 'type'>): string {
  const head = '<thead><tr>' + cards.columns.map(headCell).join('') + '</tr></thead>';
  const rows = cards.rows
    .map((row) => '<tr>' + row.map((cell) => '<td>' + htmlOfPhrasing(cell) + '</td>').join('') + '</tr>')
    .join('');
  return '<table' + attributesText(cards.attributes) + '>' + head + '<tbody>' + rows + '</tbody></table>';
}

const printFigure: Handle = (node) => figureHtml(node as GitbookFigure);
const printCards: Handle = (node) => cardsHtml(node as GitbookCards);

const printDetails: Handle = (node, _parent, state, info) => {
  const details = node as GitbookDetails;
  const open = details.open ? '<details open>' : '<details>';
  const summary = '<summary>' + htmlOfPhrasing(details.summary) + '</summary>';
  const content = state.containerFlow(details, info);
  return open + '\n\n' + summary + '\n\n' + (content === '' ? '' : content + '\n\n') + '</details>';
};

const printButton: Handle = (node, _parent, state, info) => {
  const button = node as GitbookButton;
  const icon = button.icon === undefined ? '' : ' data-icon="' + button.icon + '"';
  const label = state.safe(button.label.replace(/[\r\n]+/g, ' '), { ...info, before: '>', after: '<' });
  return (
    '<a href="' +
    escapeHtmlAttribute(button.url) +
    '" class="button ' +
    button.kind +
    '"' +
    icon +
    '>' +
    label +
    '</a>'
  );
};

const printMark: Handle = (node, _parent, state, info) => {
  const mark = node as GitbookMark;
  return (
    '<mark style="' +
    markStyle(mark) +
    '">' +
    state.containerPhrasing(mark, { ...info, before: '>', after: '<' }) +
    '</mark>'
  );
};

/** GitBook's form: the icon's name as an emoji code inside, for readers of the raw file. */
const printIcon: Handle = (node) => {
  const { icon } = node as GitbookIcon;
  return '<i class="fa-' + icon + '">:' + icon + ':</i>';
};

const printTextMark: Handle = (node, _parent, state, info) => {
  const mark = node as GitbookTextMark;
  return (
    '<' +
    mark.tag +
    '>' +
    state.containerPhrasing(mark, { ...info, before: '>', after: '<' }) +
    '</' +
    mark.tag +
    '>'
  );
};

const printPicture: Handle = (node) => {
  const picture = node as GitbookPicture;
  return (
    '<picture><source srcset="' +
    escapeHtmlAttribute(picture.darkUrl) +
    '" media="(prefers-color-scheme: dark)"><img src="' +
    escapeHtmlAttribute(picture.url) +
    '" alt="' +
    escapeHtmlAttribute(picture.alt) +
    '"></picture>'
  );
};

const printDrawing: Handle = (node) => {
  const drawing = node as GitbookDrawing;
  return (
    '<img src="' +
    escapeHtmlAttribute(drawing.url) +
    '" alt="' +
    escapeHtmlAttribute(drawing.alt ?? '') +
    '" class="gitbook-drawing">'
  );
};

const printParagraph: Handle = (node) => {
  const paragraph = node as GitbookParagraph;
  return '<p align="' + paragraph.align + '">' + htmlOfPhrasing(paragraph.children) + '</p>';
};

export const gitbookHtmlHandlers: Handlers = {
  gitbookTable: (node) => gitbookTableHtml(node as GitbookTable),
  gitbookParagraph: printParagraph,
  gitbookPicture: printPicture,
  gitbookDrawing: printDrawing,
  gitbookTextMark: printTextMark,
  gitbookFigure: printFigure,
  gitbookCards: printCards,
  gitbookDetails: printDetails,
  gitbookButton: printButton,
  gitbookMark: printMark,
  gitbookIcon: printIcon,
};
