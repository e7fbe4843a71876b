import type { DocumentMarkType } from './document-types';
import type { TextMarkTag } from './gitbook-html';

/** GitBook's marks written as HTML elements in markdown (`<kbd>`, `<sup>`, `<sub>`). */
export const markdownTextMarks: Readonly<Record<TextMarkTag, DocumentMarkType>> = {
  kbd: 'keyboard',
  sup: 'superscript',
  sub: 'subscript',
};

export const textMarkTags: Readonly<Partial<Record<DocumentMarkType, TextMarkTag>>> = {
  keyboard: 'kbd',
  superscript: 'sup',
  subscript: 'sub',
};
