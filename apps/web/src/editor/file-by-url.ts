/**
 * GitBook's file block given by address (`{% file src="https://..." %}caption{% endfile %}`),
 * as real GitBook-synced repositories hold it. GitBook's model has a file block only for a
 * file of the space (`ContentRefFile`), so the server's reader keeps this form as text; the
 * editor shows it as a block all the same, with its address and caption as fields, and
 * writes it back in the same form: byte for byte while unedited (its `source`), else
 * `{% file src="<address>" %}`, a blank line, the caption and `{% endfile %}`.
 *
 * Only an http(s) address with no quote or space is taken, and a caption of one line with
 * none of markdown's or GitBook's syntax characters, so that what is written is read back as
 * exactly this block and never as markup.
 */
import { mergeAttributes, Node } from '@tiptap/react';
import { type FileByUrl, fileByUrlMarkdown, isWritableFileByUrl } from '../content/file-by-url-syntax';
import { dataAttribute, type KeptSource, sourceAttribute } from './gitbook-nodes';

export { type FileByUrl, fileByUrlOf } from '../content/file-by-url-syntax';

/** The markdown of a `fileByUrl` node: its source while unchanged, else its printed form. */
export function markdownOfFileByUrl(attrs: Record<string, unknown> | undefined): string {
  const data = (attrs?.data ?? {}) as Partial<FileByUrl>;
  const value: FileByUrl = { src: String(data.src ?? ''), caption: String(data.caption ?? '') };
  const source = attrs?.source as KeptSource | null | undefined;
  const unchanged =
    source != null &&
    typeof source.markdown === 'string' &&
    JSON.stringify(source.value) === JSON.stringify(value);
  if (unchanged) return source.markdown;
  // An address typed wrong is written as it was read, or as the example a new block starts with.
  if (!isWritableFileByUrl(value))
    return source != null && typeof source.markdown === 'string'
      ? source.markdown
      : fileByUrlMarkdown({ src: 'https://example.com/file.pdf', caption: '' });
  return fileByUrlMarkdown(value);
}

export const FileByUrlNode = Node.create({
  name: 'fileByUrl',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({ data: dataAttribute, source: sourceAttribute }),
  parseHTML: () => [{ tag: 'div[data-file-by-url]' }],
  renderHTML: ({ node, HTMLAttributes }) => {
    const data = (node.attrs.data ?? {}) as Partial<FileByUrl>;
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        'data-file-by-url': '',
        class: 'editor-kept',
        contenteditable: 'false',
        role: 'group',
        'aria-label': 'File',
      }),
      ['span', { class: 'editor-kept-label' }, 'File'],
      ['span', { class: 'editor-kept-summary' }, String(data.caption || data.src || '')],
    ];
  },
});
