/**
 * The job threads' part of the documents' warm-up (`documents-convert`): bodies' markdown in,
 * their GitBook documents' JSON out, in order — the conversion (15 to 30 ms for a page of 3 KB
 * of GitBook blocks) off the server's event loop. Pure: no store, no I/O.
 */
import { markdownToDocument } from '@quire/documents';

export interface ConvertDocumentsTask {
  bodies: string[];
}

export function convertDocumentsInThread(task: ConvertDocumentsTask): string[] {
  return task.bodies.map((markdown) => JSON.stringify(markdownToDocument(markdown)));
}
