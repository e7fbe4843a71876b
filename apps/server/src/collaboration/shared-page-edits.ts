/**
 * The domain's `liveEdits` port (`content/change-requests/live-edits.ts`) over this server's
 * co-editing sessions: built with the services, before the sessions exist, and handed their
 * work once co-editing is registered (`register-collaboration.ts`). Until then, and in a process
 * that serves no co-editing (a worker, a `quire` command), nothing is held: nothing to settle.
 */
import type { ChangeRequestPlace, LiveEdits } from '@quire/domain';

export interface SharedPageWork {
  settle(place: ChangeRequestPlace): Promise<boolean>;
  ended(place: ChangeRequestPlace, status: 'merged' | 'archived'): Promise<void>;
}

export class SharedPageEdits implements LiveEdits {
  private work: SharedPageWork | undefined;

  /** The sessions' work, from now on; `undefined` when they close. */
  attach(work: SharedPageWork | undefined): void {
    this.work = work;
  }

  settle(place: ChangeRequestPlace): Promise<boolean> {
    return this.work?.settle(place) ?? Promise.resolve(false);
  }

  ended(place: ChangeRequestPlace, status: 'merged' | 'archived'): Promise<void> {
    return this.work?.ended(place, status) ?? Promise.resolve();
  }
}
