/**
 * The event that carries a shared page's Yjs traffic from one server to the others over the
 * event bus (`collaboration-relay.ts`). Unlike every domain event it carries content (the
 * update's bytes): only the relay reads it; every other follower of the bus selects the
 * types it knows, and this type is none of theirs. It is declared here, by the server,
 * because no operation publishes it.
 */
import type { DomainEventBase } from '@quire/domain';

/** What the bytes are: a Yjs update, an awareness update, or a state vector asking for what it lacks. */
export type RelayKind = 'update' | 'awareness' | 'ask';

export interface CollaborationRelayEvent extends DomainEventBase<'collaboration.relay'> {
  spaceId: string;
  /** The shared document's name (`document-name.ts`). */
  document: string;
  /** The server that published it: it ignores its own. */
  origin: string;
  /** The server an answer is for (an answer to an `ask`); absent: every server. */
  to?: string;
  kind: RelayKind;
  /** The bytes, base64. */
  bytes: string;
  /**
   * On an answer to an `ask`: the revision the answering server's copy of the page grew from
   * (its session's own base, `page-session.ts`; never the document's `quire` map, which any
   * writer can write), so the asker saves against the same one.
   */
  base?: string;
}

declare module '@quire/domain' {
  interface DomainEventTypes {
    collaborationRelay: CollaborationRelayEvent;
  }
}
