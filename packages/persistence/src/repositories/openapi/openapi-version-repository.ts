import type {
  OpenApiVersionContentRecord,
  OpenApiVersionRecord,
  OpenApiVersionRepository,
} from '@quire/domain';
import {
  type CollectionIndexes,
  defineIndexes,
  isDuplicateKeyError,
  type StoreCollection,
  type StoreDatabase,
} from '@quire/store';

const VERSIONS = 'openApiVersions';
const CONTENTS = 'openApiVersionContents';

/** A version as stored; `_id` is its id (its job's: time-ordered). */
interface OpenApiVersionDocument extends Omit<OpenApiVersionRecord, 'id'> {
  _id: string;
}

const CHUNKS = 'openApiVersionContentChunks';

/**
 * Characters of a version's content per stored document: a MongoDB document holds at most
 * 16 MiB of BSON, and 2 Mi characters are at most 6 MiB of UTF-8 (issue 34, item 6: a
 * version can weigh up to `QUIRE_OPENAPI_MAX_BYTES`, 1 GiB at most, twice with its bundle).
 */
export const OPENAPI_CONTENT_CHUNK_CHARACTERS = 2 * 1024 * 1024;

/**
 * A version's files, apart from it: they can weigh megabytes and lists never read them.
 * Inline when their JSON fits in one chunk; otherwise `chunks` documents of
 * `openApiVersionContentChunks` hold the JSON of `{ files, bundled }` in order.
 */
interface OpenApiVersionContentDocument {
  _id: string;
  specId: string;
  files?: OpenApiVersionContentRecord['files'];
  bundled?: string;
  /** How many chunks hold the content, when it is not inline. */
  chunks?: number;
}

/** One part of a large version's content: `_id` is `<versionId>:<n>`. */
interface OpenApiVersionContentChunkDocument {
  _id: string;
  versionId: string;
  specId: string;
  n: number;
  text: string;
}

export const openApiVersionIndexes: CollectionIndexes[] = [
  defineIndexes<OpenApiVersionDocument>(VERSIONS, [
    // The versions of a spec, newest first.
    { key: { specId: 1, _id: -1 } },
  ]),
  defineIndexes<OpenApiVersionContentDocument>(CONTENTS, [{ key: { specId: 1 } }]),
  defineIndexes<OpenApiVersionContentChunkDocument>(CHUNKS, [
    { key: { versionId: 1, n: 1 } },
    { key: { specId: 1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: OpenApiVersionDocument): OpenApiVersionRecord => ({ id: _id, ...rest });

export class MongoOpenApiVersionRepository implements OpenApiVersionRepository {
  readonly #versions: StoreCollection<OpenApiVersionDocument>;
  readonly #contents: StoreCollection<OpenApiVersionContentDocument>;
  readonly #chunks: StoreCollection<OpenApiVersionContentChunkDocument>;

  constructor(db: StoreDatabase) {
    this.#versions = db.collection<OpenApiVersionDocument>(VERSIONS);
    this.#contents = db.collection<OpenApiVersionContentDocument>(CONTENTS);
    this.#chunks = db.collection<OpenApiVersionContentChunkDocument>(CHUNKS);
  }

  /**
   * The chunks first, then the content's head, then the version: each step a commit point
   * of the one before, so a crash leaves nothing listed that is incomplete, and the job run
   * again writes the same documents (same ids, duplicates ignored).
   */
  async insertOnce(version: OpenApiVersionRecord, content: OpenApiVersionContentRecord): Promise<void> {
    const { id, ...rest } = version;
    const inline = {
      files: content.files,
      ...(content.bundled === undefined ? {} : { bundled: content.bundled }),
    };
    const json = JSON.stringify(inline);
    if (json.length <= OPENAPI_CONTENT_CHUNK_CHARACTERS) {
      await ignoringDuplicate(() =>
        this.#contents.insertOne({ _id: content.versionId, specId: version.specId, ...inline }),
      );
    } else {
      const chunks = Math.ceil(json.length / OPENAPI_CONTENT_CHUNK_CHARACTERS);
      for (let n = 0; n < chunks; n++) {
        const text = json.slice(
          n * OPENAPI_CONTENT_CHUNK_CHARACTERS,
          (n + 1) * OPENAPI_CONTENT_CHUNK_CHARACTERS,
        );
        await ignoringDuplicate(() =>
          this.#chunks.insertOne({
            _id: `${content.versionId}:${n}`,
            versionId: content.versionId,
            specId: version.specId,
            n,
            text,
          }),
        );
      }
      await ignoringDuplicate(() =>
        this.#contents.insertOne({ _id: content.versionId, specId: version.specId, chunks }),
      );
    }
    await ignoringDuplicate(() => this.#versions.insertOne({ _id: id, ...rest }));
  }

  async findById(specId: string, id: string): Promise<OpenApiVersionRecord | null> {
    const doc = await this.#versions.findOne({ _id: id, specId });
    return doc ? toRecord(doc) : null;
  }

  async listForSpec(specId: string): Promise<OpenApiVersionRecord[]> {
    const docs = await this.#versions.find({ specId }, { sort: { _id: -1 } }).toArray();
    return docs.map(toRecord);
  }

  async content(versionId: string): Promise<OpenApiVersionContentRecord | null> {
    const doc = await this.#contents.findOne({ _id: versionId });
    if (!doc) return null;
    const stored =
      doc.chunks === undefined
        ? { files: doc.files ?? [], bundled: doc.bundled }
        : (JSON.parse(await this.#chunkText(versionId, doc.chunks)) as Pick<
            OpenApiVersionContentRecord,
            'files' | 'bundled'
          >);
    return {
      versionId: doc._id,
      files: stored.files,
      ...(stored.bundled === undefined ? {} : { bundled: stored.bundled }),
    };
  }

  async #chunkText(versionId: string, count: number): Promise<string> {
    const chunks = await this.#chunks.find({ versionId }, { sort: { n: 1 } }).toArray();
    if (chunks.length !== count || chunks.some((chunk, n) => chunk.n !== n))
      throw new Error(
        `the content of OpenAPI version ${versionId} is incomplete: ${chunks.length} of ${count} parts`,
      );
    return chunks.map((chunk) => chunk.text).join('');
  }

  async deleteForSpec(specId: string): Promise<void> {
    await this.#versions.deleteMany({ specId });
    await this.#contents.deleteMany({ specId });
    await this.#chunks.deleteMany({ specId });
  }
}

/** Stored by an earlier run of the same job: the same version, kept as it is. */
async function ignoringDuplicate(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}
