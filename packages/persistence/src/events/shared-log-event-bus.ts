/**
 * The event bus of servers that share a store (MongoDB, behind a load balancer): a server
 * publishes by appending to the shared event log, and every server, the publisher too,
 * delivers what it reads from the log to its own subscribers. So each subscriber of each
 * server sees every event once, in the log's order.
 *
 * When following breaks (a failover, a network cut), the bus follows again from the last
 * event it delivered, after a delay that doubles up to `maxRetryDelayMs`; events appended
 * meanwhile are delivered then, none twice. A position the log no longer holds (MongoDB's
 * oplog moved past it) cannot be resumed: the bus follows from now and reports the gap.
 */
import type { DomainEvent } from '@quire/domain';
import type { EventBus, EventBusHealth, EventBusProblem, EventListener } from './event-bus';
import type { EventLog, EventLogFollow } from './event-log';
import { ListenerSet } from './listener-set';

export interface SharedLogEventBusOptions {
  onProblem: EventBusProblem;
  /** The first delay before following again after a failure (default 500 ms). */
  retryDelayMs?: number;
  /** The longest delay between two attempts (default 30 s). */
  maxRetryDelayMs?: number;
  /** Where to start following (a position of the log; default: from whenever the follow starts). */
  position?: unknown;
}

export class SharedLogEventBus implements EventBus {
  readonly #log: EventLog;
  readonly #listeners: ListenerSet;
  readonly #publishing: ListenerSet;
  readonly #onProblem: EventBusProblem;
  readonly #firstDelayMs: number;
  readonly #maxDelayMs: number;
  #delayMs: number;
  #position: unknown;
  #follow: EventLogFollow | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #restarts = 0;

  /**
   * A bus following `log` from the moment this resolves: an event published by any server
   * once it has resolved reaches this bus's subscribers, even if the log's stream is still
   * opening (open the bus before the server takes requests).
   */
  static async open(
    log: EventLog,
    options: Omit<SharedLogEventBusOptions, 'position'>,
  ): Promise<SharedLogEventBus> {
    return new SharedLogEventBus(log, { ...options, position: await log.now() });
  }

  constructor(log: EventLog, options: SharedLogEventBusOptions) {
    this.#log = log;
    this.#onProblem = options.onProblem;
    this.#listeners = new ListenerSet(options.onProblem);
    this.#publishing = new ListenerSet(options.onProblem);
    this.#firstDelayMs = options.retryDelayMs ?? 500;
    this.#maxDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.#delayMs = this.#firstDelayMs;
    this.#position = options.position;
    this.#startFollowing();
  }

  #startFollowing(): void {
    if (this.#closed) return;
    this.#follow = this.#log.follow(this.#position, {
      onEvent: (event, position) => {
        this.#position = position;
        this.#delayMs = this.#firstDelayMs;
        this.#listeners.deliver(event);
      },
      onError: (error) => this.#followAgainLater(error),
    });
  }

  #followAgainLater(error: unknown): void {
    if (this.#closed) return;
    this.#restarts += 1;
    const lost = this.#position !== undefined && this.#log.isPositionLost(error);
    if (lost) {
      this.#position = undefined;
      this.#onProblem(
        'the event log no longer holds the last event delivered: events since may be missed',
        error,
      );
    } else {
      this.#onProblem(`following the event log failed: following again in ${this.#delayMs} ms`, error);
    }
    const delay = this.#delayMs;
    this.#delayMs = Math.min(this.#delayMs * 2, this.#maxDelayMs);
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#startFollowing();
    }, delay);
    this.#retry.unref?.();
  }

  async publish(event: DomainEvent): Promise<void> {
    this.#publishing.deliver(event);
    try {
      await this.#log.append(event);
    } catch (error) {
      // The operation's own write happened: its event is lost for live views, not the write.
      this.#onProblem(`could not publish ${event.type}`, error);
    }
  }

  subscribe(listener: EventListener): () => void {
    return this.#listeners.add(listener);
  }

  watchPublishing(listener: EventListener): () => void {
    return this.#publishing.add(listener);
  }

  health(): EventBusHealth {
    return { state: this.#retry === undefined ? 'following' : 'reconnecting', restarts: this.#restarts };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#listeners.clear();
    this.#publishing.clear();
    await this.#follow?.close();
  }
}
