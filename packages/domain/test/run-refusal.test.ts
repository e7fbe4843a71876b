import { describe, expect, it } from 'vitest';
import { JOB_KILLED_WORKER, runRefusal, WORKER_LOST } from '../src/jobs/run-refusal';

describe('runRefusal', () => {
  it.each([
    // attempts, maxAttempts, workerDeaths, refusal
    [1, 5, undefined, null],
    [2, 5, 1, null],
    [3, 5, 2, JOB_KILLED_WORKER],
    [5, 5, 3, JOB_KILLED_WORKER],
    // Rule 1 before rule 2: the job killed its workers, whatever its attempts.
    [6, 5, 2, JOB_KILLED_WORKER],
    [6, 5, 1, WORKER_LOST],
    [6, 5, undefined, WORKER_LOST],
    [5, 5, 1, null],
  ])('attempt %i of %i after %s deaths: %o', (attempts, maxAttempts, workerDeaths, refusal) => {
    expect(
      runRefusal({ attempts, maxAttempts, ...(workerDeaths === undefined ? {} : { workerDeaths }) }),
    ).toEqual(refusal);
  });

  it.each([
    // attempts, maxAttempts, workerDeaths, refusal
    [3, 8, 2, null],
    [8, 8, 7, null],
    [9, 8, 8, WORKER_LOST],
  ])(
    'of bounded work, attempt %i of %i after %s deaths: %o (rule 1 does not apply)',
    (attempts, maxAttempts, workerDeaths, refusal) => {
      expect(runRefusal({ attempts, maxAttempts, workerDeaths }, { boundedWork: true })).toEqual(refusal);
    },
  );
});
