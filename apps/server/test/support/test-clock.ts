import type { Clock } from '@quire/domain';

/** A clock that tests move by hand. */
export class TestClock implements Clock {
  #now: number;
  constructor(start = Date.parse('2026-01-01T00:00:00.000Z')) {
    this.#now = start;
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  advanceDays(days: number): void {
    this.advance(days * 24 * 60 * 60 * 1000);
  }
}
