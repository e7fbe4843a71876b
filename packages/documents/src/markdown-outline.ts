/**
 * What readers other than the editor need from a body, read in one parse: its sections
 * (`markdownSections`: search's text, the headings' anchors) and its links (`linksOf`).
 * Parsing is most of the cost of either, so a body read for both is parsed once.
 */
import { linksOfTree, type MarkdownLink } from './links-of';
import { parseMarkdown } from './markdown-processor';
import { type MarkdownSection, sectionsOfTree } from './markdown-sections';

export interface MarkdownOutline {
  sections: MarkdownSection[];
  links: MarkdownLink[];
}

export function markdownOutline(markdown: string): MarkdownOutline {
  const tree = parseMarkdown(markdown);
  return { sections: sectionsOfTree(tree), links: linksOfTree(tree) };
}
