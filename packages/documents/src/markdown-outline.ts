/**
 * What readers other than the editor need from a body, read in one parse: its sections
 * (`markdownSections`: search's text, the headings' anchors) and its links (`linksOf`).
 * Parsing is most of the cost of either, so a body read for both is parsed once.
 *
 * The sections hold only the text outside `if` blocks (GitBook's conditional content, shown
 * only to visitors whose claims make its condition true): that text is `conditional`, apart,
 * each part tagged with its conditions (`conditionalSectionsOfTree`), so a reader of the
 * sections alone (search for a site's visitors, passages quoted in answers) never gets it.
 */
import { linksOfTree, type MarkdownLink } from './links-of';
import { parseMarkdown } from './markdown-processor';
import { type ConditionalText, conditionalSectionsOfTree, type MarkdownSection } from './markdown-sections';

export interface MarkdownOutline {
  sections: MarkdownSection[];
  links: MarkdownLink[];
  /** The text inside `if` blocks, with its conditions; absent when the body has none. */
  conditional?: ConditionalText[];
}

export function markdownOutline(markdown: string): MarkdownOutline {
  const tree = parseMarkdown(markdown);
  const { sections, conditional } = conditionalSectionsOfTree(tree);
  return { sections, links: linksOfTree(tree), ...(conditional.length > 0 ? { conditional } : {}) };
}
