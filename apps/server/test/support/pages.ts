/** Walking a paged list to its end, on any face or on the domain. */

interface Page {
  items: unknown[];
  next?: { page: string };
}

/**
 * Every item of a list, following `next.page` from the first page (`listPage(undefined)`)
 * until a page has no next; the pages as answered, to check their counts and sizes.
 */
export async function allPages<P extends Page>(
  listPage: (page: string | undefined) => Promise<P>,
): Promise<{ items: P['items']; pages: P[] }> {
  const pages: P[] = [];
  let page: string | undefined;
  do {
    if (pages.length >= 100) throw new Error('allPages: more than 100 pages');
    const answer = await listPage(page);
    pages.push(answer);
    page = answer.next?.page;
  } while (page);
  return { items: pages.flatMap((answer) => answer.items), pages };
}
