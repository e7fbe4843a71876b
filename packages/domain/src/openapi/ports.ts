import type { OpenApiSpecRecord, OpenApiVersionContentRecord, OpenApiVersionRecord } from './records';

export interface OpenApiSpecRepository {
  findBySlug(organizationId: string, slug: string): Promise<OpenApiSpecRecord | null>;
  findById(id: string): Promise<OpenApiSpecRecord | null>;
  /** Every spec of an organization, by id (time-ordered: oldest first). Organizations hold few. */
  listAll(organizationId: string): Promise<OpenApiSpecRecord[]>;
  /** False when the organization already has a spec with this slug (nothing written). */
  insert(spec: OpenApiSpecRecord): Promise<boolean>;
  /** Replaces the spec when its stored version is still `expectedVersion`; false otherwise. */
  replace(spec: OpenApiSpecRecord, expectedVersion: number): Promise<boolean>;
  /** True when a spec was deleted. */
  delete(id: string): Promise<boolean>;
}

export interface OpenApiVersionRepository {
  /** Stores the version and its files unless a version with its id is stored (a job run twice). */
  insertOnce(version: OpenApiVersionRecord, content: OpenApiVersionContentRecord): Promise<void>;
  findById(specId: string, id: string): Promise<OpenApiVersionRecord | null>;
  /** A spec's versions, newest first. */
  listForSpec(specId: string): Promise<OpenApiVersionRecord[]>;
  content(versionId: string): Promise<OpenApiVersionContentRecord | null>;
  /** Removes every version of a spec and their files. */
  deleteForSpec(specId: string): Promise<void>;
}
