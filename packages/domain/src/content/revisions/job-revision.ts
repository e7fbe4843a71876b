/**
 * Content a job made (a Git import, a translation run), written as one revision of a live
 * space, written once for every such job. `contentOn` makes the content on a head (given with
 * its pages): first on the head the job read, and when an edit landed on the space meanwhile,
 * again on the new head (`advanceSpace`, by compare-and-swap). Content that is the head's own
 * (every page kept as stored, none left out, the same files) writes nothing and answers the
 * head (its reusable contents and variables too, when the job gives them: `extras`). A space deleted or locked meanwhile, or moving too often, fails the job with its
 * `refused` code and the refusal's message.
 */
import type { OperationContext } from '../../core/context';
import { failingOnRefusal } from '../../jobs';
import { extrasAddresses, type RevisionExtras } from '../reusable-contents/revision-extras';
import type { SpaceRecord } from '../spaces/records';
import { advanceSpace } from './advance-space';
import { addressOf } from './content-address';
import { type PageIndex, pageIndexOf } from './page-index';
import type { ContentObject, FileEntry, RevisionGitCommit, RevisionRecord } from './records';
import { filesObject, writeRevision } from './revision-writer';
import type { StoredPages } from './stored-page';

/** What a job puts in the revision: every page, the files, the objects its new pages need. */
export interface JobContent {
  pages: StoredPages;
  files: readonly FileEntry[];
  objects: ReadonlyMap<string, ContentObject>;
  /** Its reusable contents and the space's variables (a Git import's includes); absent: the head's. */
  extras?: RevisionExtras;
}

export interface JobRevisionTarget {
  space: SpaceRecord;
  /** The space's head as the job read it. */
  head: RevisionRecord;
  createdBy: string;
  /** The job's failure code when the space refuses the write. */
  refused: string;
  /** The Git commit the revision holds (a Git import). */
  git?: RevisionGitCommit;
  /** Written on `head` without moving the space to it (a standalone Git import). */
  standalone?: boolean;
}

export async function writeJobRevision(
  ctx: OperationContext,
  target: JobRevisionTarget,
  contentOn: (head: RevisionRecord, pages: PageIndex) => Promise<JobContent> | JobContent,
): Promise<RevisionRecord> {
  const contentAt = async (head: RevisionRecord) => {
    const pages = await pageIndexOf(ctx, head.tree);
    return { pages, content: await contentOn(head, pages) };
  };
  const read = await contentAt(target.head);
  if (isHeadContent(read.content, read.pages, target.head)) return target.head;
  const revisionOn = async (head: RevisionRecord): Promise<RevisionRecord> => {
    const { pages, content } = head.id === target.head.id ? read : await contentAt(head);
    if (isHeadContent(content, pages, head)) return head;
    return writeRevision(ctx, {
      space: target.space,
      parents: [head],
      kind: 'edits',
      createdBy: target.createdBy,
      pages: content.pages,
      files: content.files,
      objects: content.objects,
      ...(content.extras ? { extras: content.extras } : {}),
      ...(target.git ? { git: target.git } : {}),
    });
  };
  if (target.standalone) return revisionOn(target.head);
  const written = await failingOnRefusal(target.refused, () =>
    advanceSpace(ctx, target.space, async (_current, head) => ({ revision: await revisionOn(head) })),
  );
  return written.revision;
}

/** Whether the content is exactly the head's: every page kept as stored, none left out, the same files. */
function isHeadContent(content: JobContent, pages: PageIndex, head: RevisionRecord): boolean {
  return (
    content.pages.size === pages.pages.size &&
    [...content.pages.values()].every((page) => page.loaded !== undefined) &&
    addressOf(filesObject(content.files)) === head.files &&
    (content.extras === undefined || sameExtrasAs(content.extras, head))
  );
}

/** Whether `extras` are the head's reusable contents and variables (by address, nothing stored). */
function sameExtrasAs(extras: RevisionExtras, head: RevisionRecord): boolean {
  const fields = extrasAddresses(extras, undefined, new Map());
  return fields.reusableContents === head.reusableContents && fields.variables === head.variables;
}
