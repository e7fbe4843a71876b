/**
 * GitBook's file block given by address, as Git Sync's markdown writes it:
 * `{% file src="https://..." %}`, its caption, `{% endfile %}`. GitBook's model has a file
 * block only for a file of the space, so the server's reader keeps this form as text; the read
 * view shows it as a file card and the editor edits it as a block (`editor/file-by-url.ts`).
 *
 * Only an http(s) address with no quote or space is taken, and a caption of one line with
 * none of markdown's or GitBook's syntax characters, so that what is written is read back as
 * exactly this block and never as markup.
 */

export interface FileByUrl {
  src: string;
  caption: string;
}

const ADDRESS = /^https?:\/\/[^\s"'<>\\{}]+$/i;
/** A caption the reader keeps as plain text: no markup, no tag, no escape. */
const CAPTION = /^[^\n\\`*_[\]{}<>%#|~!$&]*$/;

const FILE_BY_URL =
  /^\{% file src="(https?:\/\/[^"\s]+)" %\}(?:\n+\{% endfile %\}|\n+([^\n]*)\n+\{% endfile %\})?$/i;

/** The file block a text stands for, or undefined when it is anything else. */
export function fileByUrlOf(markdown: string): FileByUrl | undefined {
  const match = FILE_BY_URL.exec(markdown);
  if (!match) return undefined;
  const src = match[1] ?? '';
  const caption = (match[2] ?? '').trim();
  if (!ADDRESS.test(src) || !CAPTION.test(caption)) return undefined;
  return { src, caption };
}

/** A file block's values as given: an address and caption that would not read back are refused. */
export function isWritableFileByUrl(value: FileByUrl): boolean {
  return ADDRESS.test(value.src) && CAPTION.test(value.caption) && !value.caption.includes('\n');
}

export function fileByUrlMarkdown(value: FileByUrl): string {
  const caption = value.caption.trim();
  return (
    '{% file src="' + value.src + '" %}\n\n' + (caption === '' ? '' : caption + '\n\n') + '{% endfile %}'
  );
}
