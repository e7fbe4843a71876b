/** A PDF read back with pdf-parse: its text, its pages' links, and its page count. */
import { PDFParse } from 'pdf-parse';

export interface ReadPdf {
  text: string;
  pageCount: number;
  urls: string[];
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = await parser.getText();
    const info = await parser.getInfo({ parsePageInfo: true });
    const urls = (info.pages ?? []).flatMap((page) => page.links.map((link) => link.url));
    return { text: text.text, pageCount: info.total, urls };
  } finally {
    await parser.destroy();
  }
}
