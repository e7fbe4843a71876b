/**
 * The text a question is answered from: the best pages a search found for the asker (the
 * search decided what they may read), each page's leading text and its matching sections,
 * read from the bodies' stored outlines (the plain text search indexes). Numbered from 1:
 * the model cites a passage by its number.
 */
import { outlinesOf, pageIndexOf } from '../content';
import type { OperationContext } from '../core/context';
import { ASK_LIMITS } from './ask-limits';

/** A page a search found, with the ids of its matching sections. */
export interface FoundPage {
  spaceId: string;
  pageId: string;
  sectionIds: readonly string[];
}

export interface Passage {
  number: number;
  spaceId: string;
  revisionId: string;
  pageId: string;
  title: string;
  path: string;
  /** The sections whose text the passage holds. */
  sectionIds: string[];
  text: string;
}

export async function passagesOf(ctx: OperationContext, found: readonly FoundPage[]): Promise<Passage[]> {
  const best = found.slice(0, ASK_LIMITS.passages);
  const spaces = await ctx.repos.spaces.findByIds([...new Set(best.map((page) => page.spaceId))]);
  const indexes = new Map(
    await Promise.all(
      spaces.map(async (space) => {
        const revision =
          space.revisionId === undefined
            ? undefined
            : await ctx.repos.revisions.findById(space.id, space.revisionId);
        const index = revision ? await pageIndexOf(ctx, revision.tree) : undefined;
        return [space.id, index && { revisionId: space.revisionId as string, index }] as const;
      }),
    ),
  );
  const pages = best.flatMap((found) => {
    const read = indexes.get(found.spaceId);
    const page = read?.index.pages.get(found.pageId);
    return read && page
      ? [{ found, revisionId: read.revisionId, page, path: read.index.paths.get(page.id) }]
      : [];
  });
  const outlines = await outlinesOf(
    ctx,
    pages.map(({ page }) => page.body),
  );
  return pages.map(({ found, revisionId, page, path }, i): Passage => {
    const sections = (outlines.get(page.body)?.sections ?? []).map((section) => ({
      id: section.heading === null ? page.id : section.heading.anchor,
      title: section.heading?.title,
      text: section.text,
    }));
    const wanted = new Set(found.sectionIds);
    const used = sections.filter((section, at) => at === 0 || wanted.has(section.id));
    const text = used
      .map((section) => (section.title ? `${section.title}\n${section.text}` : section.text))
      .join('\n\n')
      .slice(0, ASK_LIMITS.passageChars);
    return {
      number: i + 1,
      spaceId: found.spaceId,
      revisionId,
      pageId: page.id,
      title: page.title,
      path: path ?? page.slug,
      sectionIds: used.map((section) => section.id),
      text,
    };
  });
}
