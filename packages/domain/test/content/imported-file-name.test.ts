/**
 * An imported file's name (`importedFileName`): what `FileNameSchema` refuses of a name people
 * give is made into a name it takes, so an import of another system's files is not refused for
 * one name, and no name shows as another (`invoice<U+202E>fdp.exe` read as `invoiceexe.pdf`).
 */
import { describe, expect, it } from 'vitest';
import { FileNameSchema, importedFileName } from '../../src/content/revisions/file-name';

describe('an imported file name', () => {
  it.each([
    ['diagram.png', 'diagram.png'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u0000b\nc\u2028d.png', 'abcd.png'],
    ['folder/sub\\name.png', 'folder-sub-name.png'],
    ['\u200E\u200F', 'file'],
    ['image (1) — été.png', 'image (1) — été.png'],
  ])('%j is %j', (name, expected) => {
    expect(importedFileName(name)).toBe(expected);
    expect(FileNameSchema.safeParse(importedFileName(name)).success).toBe(true);
  });

  it('keeps its start and its extension when too long, cut between characters', () => {
    const long = `${'😀'.repeat(200)}.png`;
    const kept = importedFileName(long);
    expect(kept.length).toBeLessThanOrEqual(256);
    expect(kept.endsWith('😀.png')).toBe(true);
    expect(FileNameSchema.safeParse(kept).success).toBe(true);
  });
});
