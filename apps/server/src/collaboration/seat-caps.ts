/**
 * The caps of one person, under the server's global ones (`maxDocuments`, `maxPeoplePerDocument`,
 * which are first come, first served): the documents they have joined at once over all their
 * sockets, and their connections to one document. One reader's socket joined 500 documents and
 * locked every writer out; 64 sockets of one person filled a page. A seat is taken when someone
 * is admitted and given back when that connection closes (or its socket, whichever comes first).
 */
import type { CollaborationLimits } from './collaboration-limits';

export class SeatCaps {
  /** Each person's connections, by document. */
  private readonly byUser = new Map<string, Map<string, number>>();

  constructor(
    private readonly limits: Pick<
      CollaborationLimits,
      'maxDocumentsPerUser' | 'maxConnectionsPerUserPerDocument'
    >,
  ) {}

  /** Takes a seat for `userId` in `documentName`, or says why not (the provider's refusal reason). */
  take(userId: string, documentName: string): { reason: string } | { release: () => void } {
    const documents = this.byUser.get(userId) ?? new Map<string, number>();
    const connections = documents.get(documentName) ?? 0;
    if (connections === 0 && documents.size >= this.limits.maxDocumentsPerUser)
      return { reason: 'too_many_documents' };
    if (connections >= this.limits.maxConnectionsPerUserPerDocument)
      return { reason: 'too_many_connections' };
    documents.set(documentName, connections + 1);
    this.byUser.set(userId, documents);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (documents.get(documentName) ?? 1) - 1;
        if (left > 0) documents.set(documentName, left);
        else documents.delete(documentName);
        if (documents.size === 0 && this.byUser.get(userId) === documents) this.byUser.delete(userId);
      },
    };
  }
}
