/**
 * A file brought in through the `IncomingFiles` port, its refusals as the input's errors:
 * a file too large is a 413 naming `field`, any other refusal a 400 naming it; what
 * `beforeStoring` throws (checked once the bytes arrived, before they are stored), as thrown.
 */
import type { OperationContext } from '../../core/context';
import { DomainError, invalidInput } from '../../core/errors';
import { type IncomingFile, IncomingFileError, type IncomingFileSource } from '../../files';

export async function takenFile(
  ctx: OperationContext,
  source: IncomingFileSource,
  field: string,
  beforeStoring?: () => Promise<void>,
): Promise<IncomingFile> {
  try {
    return await ctx.incomingFiles.take(source, beforeStoring);
  } catch (error) {
    if (!(error instanceof IncomingFileError)) throw error;
    if (error.reason === 'too-large')
      throw new DomainError('payload_too_large', `${field}: ${error.message}`, {
        issues: [{ field, message: error.message }],
      });
    throw invalidInput(field, error.message);
  }
}
