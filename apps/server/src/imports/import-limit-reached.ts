/**
 * A limit of a whole import reached (its bytes, its requests, its time): the import fails.
 * The readers skip a page or an image that failed, like a broken link; never this.
 */
import { ContentImportError } from '@quire/domain';

export class ImportLimitReached extends ContentImportError {}

/** Whether a failed page or image may be skipped: any failure but a limit of the import. */
export const skippable = (error: unknown): boolean =>
  error instanceof ContentImportError && !(error instanceof ImportLimitReached);
