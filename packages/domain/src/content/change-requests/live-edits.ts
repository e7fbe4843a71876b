/**
 * What people are typing into a change request's pages right now, when they edit them together
 * (issue 33): held by the server's co-editing sessions and saved on their own schedule (a few
 * seconds after the typing stops, at most ten while it goes on). A merge or an archive ends the
 * change request's edits, so it settles them first: without that, the last seconds of typing
 * before a merge were refused after it and lost. A port because the sessions are the server's
 * (`apps/server/src/collaboration/`); where no one co-edits (a worker, a command), nothing is held.
 */
export interface LiveEdits {
  /**
   * Saves into the change request what its pages' editors have typed and not yet saved, as
   * their own batch edits (attributed and authorized as any); answers whether a revision was
   * written, so the caller reads the change request again.
   */
  settle(place: ChangeRequestPlace): Promise<boolean>;
  /**
   * Tells the change request's editors at once that it takes no more edits (merged, archived),
   * rather than at their next save or access check. Never fails: the change already happened.
   */
  ended(place: ChangeRequestPlace, status: 'merged' | 'archived'): Promise<void>;
}

export interface ChangeRequestPlace {
  spaceId: string;
  changeRequestId: string;
}

declare module '../../core/context' {
  interface AreaPorts {
    /** The co-editing sessions of change requests' pages (a merge or an archive settles them first). */
    liveEdits: LiveEdits;
  }
}
