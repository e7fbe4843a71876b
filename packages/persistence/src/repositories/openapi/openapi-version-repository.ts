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

/** A version's files, apart from it: they can weigh megabytes and lists never read them. */
interface OpenApiVersionContentDocument {
  _id: string;
  specId: string;
  files: OpenApiVersionContentRecord['files'];
  bundled?: string;
}

export const openApiVersionIndexes: CollectionIndexes[] = [
  defineIndexes<OpenApiVersionDocument>(VERSIONS, [
    // The versions of a spec, newest first.
    { key: { specId: 1, _id: -1 } },
  ]),
  defineIndexes<OpenApiVersionContentDocument>(CONTENTS, [{ key: { specId: 1 } }]),
];

const toRecord = ({ _id, ...rest }: OpenApiVersionDocument): OpenApiVersionRecord => ({ id: _id, ...rest });

export class MongoOpenApiVersionRepository implements OpenApiVersionRepository {
  readonly #versions: StoreCollection<OpenApiVersionDocument>;
  readonly #contents: StoreCollection<OpenApiVersionContentDocument>;

  constructor(db: StoreDatabase) {
    this.#versions = db.collection<OpenApiVersionDocument>(VERSIONS);
    this.#contents = db.collection<OpenApiVersionContentDocument>(CONTENTS);
  }

  async insertOnce(version: OpenApiVersionRecord, content: OpenApiVersionContentRecord): Promise<void> {
    const { id, ...rest } = version;
    // The files first: a version is listed only once its files are there.
    await ignoringDuplicate(() =>
      this.#contents.insertOne({
        _id: content.versionId,
        specId: version.specId,
        files: content.files,
        ...(content.bundled === undefined ? {} : { bundled: content.bundled }),
      }),
    );
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
    return {
      versionId: doc._id,
      files: doc.files,
      ...(doc.bundled === undefined ? {} : { bundled: doc.bundled }),
    };
  }

  async deleteForSpec(specId: string): Promise<void> {
    await this.#versions.deleteMany({ specId });
    await this.#contents.deleteMany({ specId });
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
