/** Imported content written as a new revision on top of `head` (objects and record, no pointer moved). */
import { MarkdownTooComplexError } from '@quire/documents';
import { callerOf, type OperationContext } from '../../core/context';
import { JobFailure } from '../../jobs';
import type { SpaceRecord } from '../spaces/records';
import { INVALID_SOURCE } from './content-import-failures';
import type { ImportedContent } from './content-imports';
import { addImportedContent } from './imported-content';
import { pageIndexOf } from './page-index';
import type { RevisionRecord } from './records';
import { filesOf } from './revision-content';
import { writeRevision } from './revision-writer';

export async function importedRevision(
  ctx: OperationContext,
  target: {
    space: Pick<SpaceRecord, 'id' | 'organizationId'>;
    head: RevisionRecord;
    content: ImportedContent;
    changeRequestId?: string;
  },
): Promise<RevisionRecord> {
  const [index, files] = await Promise.all([pageIndexOf(ctx, target.head.tree), filesOf(ctx, target.head)]);
  let added: ReturnType<typeof addImportedContent>;
  try {
    added = addImportedContent(index.pages, target.content, {
      now: ctx.clock.now().toISOString(),
      newId: () => ctx.ids.newId(),
    });
  } catch (error) {
    // A page of the source nests or repeats markup beyond what bodies may hold: the import's
    // job fails for its source, as when the source cannot be read.
    if (error instanceof MarkdownTooComplexError)
      throw new JobFailure(INVALID_SOURCE, `the source holds a page Quire cannot store: ${error.message}`);
    throw error;
  }
  return writeRevision(ctx, {
    space: target.space,
    parents: [target.head],
    kind: 'edits',
    createdBy: callerOf(ctx).userId,
    pages: added.pages,
    files: [...files, ...added.files],
    objects: added.bodies,
    ...(target.changeRequestId !== undefined ? { changeRequestId: target.changeRequestId } : {}),
  });
}
