/**
 * GitBook's link pages in `SUMMARY.md` (issue 27, item 5): an item linking to another site
 * (`* [Status](https://status.example.com)`) with no items under it is a link page
 * (`RevisionPageLink`: a title and a target, no file, no body), written back as the same
 * item. Only http(s) addresses: any other scheme stays a page with no file, as before.
 */
import type { SummaryItem } from '../imports/summary-contents';

const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

/**
 * The address of each page of the reader that a SUMMARY item makes a link page: the pages
 * are made from the items one for one (`readFolderTree`), so the two trees are walked
 * together; a page read from a file is never a link.
 */
export function linkAddressesOf<P extends { path: string | null; children: readonly P[] }>(
  pages: readonly P[],
  items: readonly SummaryItem[],
): Map<P, string> {
  const addresses = new Map<P, string>();
  const stack: Array<[readonly P[], readonly SummaryItem[]]> = [[pages, items]];
  for (let level = stack.pop(); level; level = stack.pop()) {
    const [siblings, listed] = level;
    siblings.forEach((page, index) => {
      const item = listed[index];
      if (!item) return;
      if (
        page.path === null &&
        page.children.length === 0 &&
        item.link !== null &&
        WEB_ADDRESS.test(item.link)
      )
        addresses.set(page, item.link);
      stack.push([page.children, item.children]);
    });
  }
  return addresses;
}

/** A link page's SUMMARY item: its title on one line, `\`, `[` and `]` escaped; `<>` around an address with `(`, `)` or spaces. */
export function linkItemText(bullet: string, title: string, address: string): string {
  const text = (title.replace(/\s+/g, ' ').trim() || 'Untitled').replace(/[\\[\]]/g, '\\$&');
  const target = /[()<>\s]/.test(address) ? `<${address.replace(/[<>\s]/g, encodeURIComponent)}>` : address;
  return `${bullet} [${text}](${target})`;
}
