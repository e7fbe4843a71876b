/** The status of a translation from its latest run (`translationRunStateOf`), as a table of cases. */
import { describe, expect, it } from 'vitest';
import type { JobState } from '../src/jobs/records';
import {
  LOST_RUN_ERROR,
  RUN_ENQUEUE_GRACE_MS,
  type TranslationRunState,
  translationRunStateOf,
} from '../src/translations/translation-status';

const now = new Date('2026-01-01T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const run = (agoMs = 1_000) => ({ jobId: 'job', requestedAt: before(agoMs) });
const job = (state: JobState) => ({
  state,
  progress: { done: 3, total: 8 },
  ...(state === 'failed' ? { error: { code: 'PROVIDER_TIMEOUT', message: 'no answer' } } : {}),
});

const cases: Array<
  [title: string, subject: Parameters<typeof translationRunStateOf>[0], TranslationRunState]
> = [
  [
    '1. never run: pending, nothing going',
    { run: undefined, job: null, now },
    { status: 'pending', going: false },
  ],
  [
    '2. job pending: pending, going',
    { run: run(), job: job('pending'), now },
    { status: 'pending', going: true },
  ],
  [
    '2. job running: running, going',
    { run: run(), job: job('running'), now },
    { status: 'running', going: true, progress: { done: 3, total: 8 } },
  ],
  ['2. job done: completed', { run: run(), job: job('done'), now }, { status: 'completed', going: false }],
  [
    '2. job failed: failed, with its error',
    { run: run(), job: job('failed'), now },
    { status: 'failed', going: false, error: { code: 'PROVIDER_TIMEOUT', message: 'no answer' } },
  ],
  [
    '2. job failed with no error recorded: failed, a generic reason',
    { run: run(), job: { state: 'failed', progress: { done: 0, total: 0 } }, now },
    { status: 'failed', going: false, error: { code: 'INTERNAL', message: 'The run failed' } },
  ],
  [
    '2. an old run whose job is stored: its state, whatever the age',
    { run: run(10 * RUN_ENQUEUE_GRACE_MS), job: job('running'), now },
    { status: 'running', going: true, progress: { done: 3, total: 8 } },
  ],
  [
    '3. job not stored yet, just recorded: pending, going',
    { run: run(RUN_ENQUEUE_GRACE_MS - 1), job: null, now },
    { status: 'pending', going: true },
  ],
  [
    '4. job never stored (lost): failed, nothing going',
    { run: run(RUN_ENQUEUE_GRACE_MS), job: null, now },
    { status: 'failed', going: false, error: LOST_RUN_ERROR },
  ],
];

describe('translationRunStateOf', () => {
  it.each(cases)('%s', (_title, subject, expected) => {
    expect(translationRunStateOf(subject)).toEqual(expected);
  });
});
