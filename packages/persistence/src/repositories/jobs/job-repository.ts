import type {
  JobError,
  JobListFilter,
  JobRecord,
  JobRepository,
  JobRunState,
  PageRequest,
  Slice,
} from '@quire/domain';
import type { Filter, StoreCollection, StoreDatabase } from '@quire/store';
import { type CollectionIndexes, defineIndexes } from '@quire/store';
import { findPage } from '../find-page';

const COLLECTION = 'jobs';

/** A job as stored; `_id` is its id (time-ordered: by id is by creation). */
export interface JobDocument extends Omit<JobRecord, 'id'> {
  _id: string;
}

export const jobIndexes: CollectionIndexes[] = [
  defineIndexes<JobDocument>(COLLECTION, [
    // The claim: due pending jobs by `runAt`, and running ones whose lease ended.
    { key: { state: 1, runAt: 1 } },
    { key: { state: 1, leaseUntil: 1 } },
    // Lists: an organization's jobs (of a state), newest first.
    { key: { organizationId: 1, state: 1, _id: 1 } },
    // The jobs of one piece of work (a PDF of a revision), newest first.
    { key: { kind: 1, key: 1, _id: -1 } },
  ]),
];

const toRecord = ({ _id, ...rest }: JobDocument): JobRecord => ({ id: _id, ...rest });

export class MongoJobRepository implements JobRepository {
  readonly #jobs: StoreCollection<JobDocument>;

  constructor(db: StoreDatabase) {
    this.#jobs = db.collection<JobDocument>(COLLECTION);
  }

  /** Matches the job only while `owner` holds it: every write after the claim goes through here. */
  #held(id: string, owner: string): Filter<JobDocument> {
    return { _id: id, state: 'running', leaseOwner: owner };
  }

  async insert({ id, ...rest }: JobRecord): Promise<void> {
    await this.#jobs.insertOne({ _id: id, ...rest });
  }

  async findById(id: string): Promise<JobRecord | null> {
    const doc = await this.#jobs.findOne({ _id: id });
    return doc ? toRecord(doc) : null;
  }

  async findLatestByKey(kind: string, key: string): Promise<JobRecord | null> {
    const [doc] = await this.#jobs.find({ kind, key }, { sort: { _id: -1 }, limit: 1 }).toArray();
    return doc ? toRecord(doc) : null;
  }

  list(filter: JobListFilter, page: PageRequest): Promise<Slice<JobRecord>> {
    const query: Filter<JobDocument> = {
      ...(filter.organizationId === undefined ? {} : { organizationId: filter.organizationId }),
      ...(filter.state === undefined ? {} : { state: filter.state }),
    };
    return findPage(this.#jobs, query, { direction: -1 }, page, toRecord);
  }

  async claimNext(
    owner: string,
    now: Date,
    leaseMs: number,
    running: readonly string[] = [],
  ): Promise<JobRecord | null> {
    const at = now.toISOString();
    const claim = {
      state: 'running' as const,
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      updatedAt: at,
    };
    // Each step is one atomic step of the store: two workers never both take a job. A job
    // whose lease ended is taken over first, its worker's death counted; then a due one.
    const taken =
      (await this.#jobs.findOneAndUpdate(
        {
          state: 'running',
          leaseUntil: { $lt: at },
          ...(running.length > 0 ? { _id: { $nin: [...running] } } : {}),
        },
        { $set: claim, $inc: { attempts: 1, workerDeaths: 1, version: 1 } },
        { sort: { runAt: 1, _id: 1 }, returnDocument: 'after' },
      )) ??
      (await this.#jobs.findOneAndUpdate(
        { state: 'pending', runAt: { $lte: at } },
        { $set: claim, $inc: { attempts: 1, version: 1 } },
        { sort: { runAt: 1, _id: 1 }, returnDocument: 'after' },
      ));
    return taken ? toRecord(taken) : null;
  }

  async renewLease(id: string, owner: string, until: Date): Promise<boolean> {
    const result = await this.#jobs.updateOne(this.#held(id, owner), {
      $set: { leaseUntil: until.toISOString() },
    });
    return result.matchedCount === 1;
  }

  async report(id: string, owner: string, { progress, log }: JobRunState, now: Date): Promise<boolean> {
    const result = await this.#jobs.updateOne(this.#held(id, owner), {
      $set: { progress, log, updatedAt: now.toISOString() },
      $inc: { version: 1 },
    });
    return result.matchedCount === 1;
  }

  async complete(
    id: string,
    owner: string,
    result: Record<string, unknown> | undefined,
    { progress, log }: JobRunState,
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    const written = await this.#jobs.updateOne(this.#held(id, owner), {
      $set: {
        state: 'done',
        progress,
        log,
        updatedAt: at,
        finishedAt: at,
        ...(result === undefined ? {} : { result }),
      },
      $unset: { leaseOwner: '', leaseUntil: '', error: '' },
      $inc: { version: 1 },
    });
    return written.matchedCount === 1;
  }

  async fail(
    id: string,
    owner: string,
    error: JobError,
    { progress, log }: JobRunState,
    now: Date,
    retryAt?: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    const ending =
      retryAt === undefined
        ? { state: 'failed' as const, finishedAt: at }
        : { state: 'pending' as const, runAt: retryAt.toISOString() };
    const written = await this.#jobs.updateOne(this.#held(id, owner), {
      $set: { ...ending, error, progress, log, updatedAt: at },
      $unset: { leaseOwner: '', leaseUntil: '' },
      $inc: { version: 1 },
    });
    return written.matchedCount === 1;
  }

  async retry(id: string, now: Date): Promise<JobRecord | null> {
    const at = now.toISOString();
    const doc = await this.#jobs.findOneAndUpdate(
      { _id: id, state: 'failed' },
      {
        $set: { state: 'pending', attempts: 0, runAt: at, updatedAt: at },
        $unset: { error: '', finishedAt: '', result: '', workerDeaths: '' },
        $inc: { version: 1 },
      },
      { returnDocument: 'after' },
    );
    return doc ? toRecord(doc) : null;
  }
}
