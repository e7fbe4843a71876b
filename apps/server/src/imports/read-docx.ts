/**
 * A docx import: one page (a Word document is one document; its headings stay headings in
 * the page rather than guessing where pages should split). mammoth turns it into HTML
 * (Word's Title style as `<h1>`, like Heading 1), `htmlToMarkdown` into markdown. The first
 * `<h1>` is the page's title (else the file name). Embedded images are stored as files;
 * linked external files are never read (`externalFileAccess: false`). A paragraph of Word's
 * Caption style right after a paragraph holding only an image is that image's caption (a
 * figure, read by `htmlToMarkdown` as an image with its caption); any other caption stays a
 * paragraph.
 *
 * The archive is expanded once under the zip limits (`expandZip`), and mammoth reads only
 * what that expansion gave: a new archive of those entries, stored uncompressed, never the
 * bytes received (mammoth's unzip reads the central directory and trusts its sizes, so an
 * entry the limits did not count, or one lying about its size, would reach it). Bytes that
 * are not a zip, or a zip without `word/document.xml`, are 'not-that-type'; a docx mammoth
 * cannot read is 'corrupt'.
 */
import { htmlToMarkdown } from '@quire/documents';
import { ContentImportError, type ImportedContent } from '@quire/domain';
import { type Zippable, zipSync } from 'fflate';
import { parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { expandZip, type ZipEntry, type ZipLimits } from './expand-zip';
import { importFileUrl } from './import-urls';
import type { ImportedFiles } from './imported-files';
import { titleOfSegment } from './page-tree-of-paths';

const NOT_DOCX = 'The file is not a docx (Word) document';

export async function readDocx(
  bytes: Uint8Array,
  name: string,
  limits: ZipLimits,
  files: ImportedFiles,
): Promise<ImportedContent> {
  let entries: ZipEntry[];
  try {
    entries = expandZip(bytes, limits);
  } catch (error) {
    if (error instanceof ContentImportError && error.reason === 'not-that-type')
      throw new ContentImportError('not-that-type', NOT_DOCX);
    throw error;
  }
  if (!entries.some(({ path }) => path === 'word/document.xml'))
    throw new ContentImportError('not-that-type', NOT_DOCX);

  const expanded = zipSync(
    Object.fromEntries(
      entries.map(({ path, bytes: content }) => [path, [content, { level: 0 }]]),
    ) as Zippable,
  );

  let imageCount = 0;
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(expanded.buffer, expanded.byteOffset, expanded.byteLength) },
      {
        styleMap: [
          "p[style-name='Title'] => h1:fresh",
          'p.Title => h1:fresh',
          "p[style-name='Caption'] => p.caption:fresh",
          'p.Caption => p.caption:fresh',
        ],
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const imageBytes = new Uint8Array(await image.readAsBuffer());
          imageCount++;
          const extension = image.contentType.split('/')[1]?.replace(/\+.*$/, '') ?? 'bin';
          const ref = await files.add(
            `image-${imageCount}`,
            `image-${imageCount}.${extension}`,
            imageBytes,
            image.contentType,
          );
          return { src: importFileUrl(ref) };
        }),
      },
    );
    html = result.value;
  } catch {
    throw new ContentImportError('corrupt', 'The docx document is damaged and cannot be read');
  }

  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  captionFigures(document);
  const heading = document.querySelector('h1');
  const title =
    heading?.textContent?.replace(/\s+/g, ' ').trim() || titleOfSegment(name.replace(/\.docx$/i, ''));
  heading?.remove();
  const fileList = files.list();
  return {
    pages: [{ ref: 'page-1', title, markdown: htmlToMarkdown(document.body.innerHTML), children: [] }],
    files: fileList,
    totalResources: 1 + imageCount,
    importedResources: 1 + fileList.length,
  };
}

type Doc = ReturnType<typeof parseHTML>['document'];

/** `<p><img></p><p class="caption">text</p>` becomes `<figure><img><figcaption>text</figcaption></figure>`. */
function captionFigures(document: Doc): void {
  for (const caption of [...document.querySelectorAll('p.caption')]) {
    const previous = caption.previousElementSibling;
    const images = previous?.tagName === 'P' ? previous.querySelectorAll('img') : [];
    if (!previous || images.length !== 1 || previous.textContent?.trim() !== '') continue;
    const figure = document.createElement('figure');
    const figcaption = document.createElement('figcaption');
    while (caption.firstChild) figcaption.appendChild(caption.firstChild);
    figure.appendChild(images[0] as Node);
    figure.appendChild(figcaption);
    previous.replaceWith(figure);
    caption.remove();
  }
}
