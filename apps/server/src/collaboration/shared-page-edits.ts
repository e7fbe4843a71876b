/**
 * The domain's `liveEdits` port (`content/change-requests/live-edits.ts`) over this server's
 * co-editing sessions: built with the services, before the sessions exist, and handed their
 * work once co-editing is registered (`register-collaboration.ts`). Until then, and in a process
 * that serves no co-editing (a worker, a `quire` command), nothing is held: nothing to settle.
 */
import { AsyncResource } from 'node:async_hooks';
import type { ChangeRequestPlace, LiveEdits } from '@quire/domain';

export interface SharedPageWork {
  settle(place: ChangeRequestPlace): Promise<boolean>;
  ended(place: ChangeRequestPlace, status: 'merged' | 'archived'): Promise<void>;
}

export class SharedPageEdits implements LiveEdits {
  private work: SharedPageWork | undefined;

  /**
   * The sessions' work, from now on; `undefined` when they close. It runs in the async context
   * it was attached in, not in the calling operation's: a merge's or an archive's store writes
   * carry its audit event with the first of them (`withAttachedWrite`), and a save of the
   * sessions, made inside that scope, took the event with it (a merge ending in conflicts was
   * then logged as done). The saves are those people's own batch edits.
   */
  attach(work: SharedPageWork | undefined): void {
    this.work = work && {
      settle: AsyncResource.bind(work.settle),
      ended: AsyncResource.bind(work.ended),
    };
  }

  settle(place: ChangeRequestPlace): Promise<boolean> {
    return this.work?.settle(place) ?? Promise.resolve(false);
  }

  ended(place: ChangeRequestPlace, status: 'merged' | 'archived'): Promise<void> {
    return this.work?.ended(place, status) ?? Promise.resolve();
  }
}
