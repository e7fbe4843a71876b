/**
 * What the repositories store for translations. A translation belongs to an organization:
 * it translates the content of a source space (in its language) into another language and
 * writes the result as a space of its own (made by the first run). Each run is a job
 * (`translation.run`); the translation names the latest (`run`), whose job's state is the
 * translation's status (`translation-status.ts`).
 */
import type { TranslationLanguage } from './translation-languages';

/** The counts GitBook shows of a translation's runs; all zero until a run ends. */
export interface TranslationStatsRecord {
  runs: number;
  totalWords: number;
  totalPages: number;
  /** Seconds, all runs together. */
  totalDuration: number;
  latestRunDuration: number;
  latestPages: number;
  latestWords: number;
}

/** The latest run: its job, named before the job is stored (so no two runs start). */
export interface TranslationRunRecord {
  jobId: string;
  requestedAt: string;
}

/**
 * Where the runs write and what the latest run translated. The space's id is reserved on the
 * translation before the space is made, so a run taken over after a crash makes the same
 * space, never a second one.
 */
export interface TranslationResultRecord {
  spaceId: string;
  /** The revision the latest run wrote; absent until a run wrote one. */
  revisionId?: string;
  /** The source revision that run translated: the next run sends only what changed since. */
  sourceRevisionId?: string;
  /** What shaped that run's translations (`translationBasisOf`): when it differs, every page is sent again. */
  basis?: string;
}

export interface TranslationRecord {
  id: string;
  organizationId: string;
  sourceSpaceId: string;
  sourceLanguage: TranslationLanguage;
  language: TranslationLanguage;
  /** Guidance for the translator: GitBook's document tree (`JSONDocument`). */
  instructions: Record<string, unknown>;
  /** The space the runs write into: absent until the first run reserved it. */
  result?: TranslationResultRecord;
  stats: TranslationStatsRecord;
  run?: TranslationRunRecord;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every change: writes are compare-and-swap on it. */
  version: number;
}
