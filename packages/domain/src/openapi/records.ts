/**
 * What the repositories store for OpenAPI specifications. A spec is named by its slug in its
 * organization; each upload of its source is processed by a job, and each upload processed
 * without error becomes a version (its files kept apart, `OpenApiVersionContentRecord`:
 * they can weigh megabytes, and lists never read them).
 */
import type { OpenApiErrorCode, OpenApiFile } from './openapi-processor';

export type OpenApiVisibility = 'private' | 'public';
/** GitBook's: waiting for its job, its job running, the last upload processed. */
export type OpenApiProcessingState = 'pending' | 'progress' | 'complete';

export interface OpenApiSpecRecord {
  id: string;
  organizationId: string;
  slug: string;
  visibility: OpenApiVisibility;
  /** The URL of the last upload; absent when it was text. */
  sourceURL?: string;
  processingState: OpenApiProcessingState;
  /** The newest version (the last upload processed without error). */
  lastVersion?: string;
  lastProcessedAt?: string;
  /** Why the last upload processed failed; absent when it succeeded. */
  lastProcessError?: { code: OpenApiErrorCode; message: string };
  /**
   * The job of the last upload: only its outcome is recorded (an older upload's job that
   * ends later changes nothing). Job ids are time-ordered, so they also order uploads.
   */
  lastJobId?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Bumped by every change: writes are compare-and-swap on it. */
  version: number;
}

export interface OpenApiVersionRecord {
  /** The id of the job that processed the upload: a job run twice stores one version. */
  id: string;
  specId: string;
  organizationId: string;
  /** The source URL; absent for a text upload. */
  sourceURL?: string;
  /** Swagger 2.0, OpenAPI 3.0 or 3.1. */
  specVersion: '2.0' | '3.0' | '3.1';
  title?: string;
  operations: number;
  createdAt: string;
}

export interface OpenApiVersionContentRecord {
  versionId: string;
  files: OpenApiFile[];
  /** The description as one JSON document when it is not one already (`OpenApiProcessed.bundled`). */
  bundled?: string;
}
