/**
 * The event of a job stored, ready to run: workers that follow the event bus look for due
 * jobs at once instead of at their next poll (a second later, by default). Ids only.
 */
import type { DomainEventBase } from '../core/ports/events';

export interface JobEnqueuedEvent extends DomainEventBase<'job.enqueued'> {
  jobId: string;
  kind: string;
}

declare module '../core/ports/events' {
  interface DomainEventTypes {
    jobEnqueued: JobEnqueuedEvent;
  }
}
