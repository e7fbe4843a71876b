/**
 * Which of the MongoDB driver's errors are an outage (`StoreUnavailableError`, answered 503)
 * and which a defect: real errors of a real driver against an address nothing listens on,
 * and server errors built as the driver builds them from a server's reply.
 */
import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { openMongoStore } from '../src/mongodb-store';
import { StoreUnavailableError, storeUnavailableOf } from '../src/store-unavailable-error';

const UNREACHABLE = 'mongodb://127.0.0.1:1/quire?serverSelectionTimeoutMS=150&connectTimeoutMS=150';
const client = new MongoClient(UNREACHABLE);
afterAll(() => client.close());

const serverError = (code: number, codeName: string) =>
  new MongoServerError({ ok: 0, code, codeName, errmsg: codeName });

describe('storeUnavailableOf', () => {
  it('makes a server selection that finds no server an outage whose message names no host', async () => {
    const error = await client
      .db('quire')
      .collection('spaces')
      .findOne({})
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect((error as Error).name).toBe('MongoServerSelectionError');
    expect((error as Error).message).toContain('127.0.0.1');
    const unavailable = storeUnavailableOf(error);
    expect(unavailable).toBeInstanceOf(StoreUnavailableError);
    expect(unavailable?.message).not.toContain('127.0.0.1');
    expect(unavailable?.cause).toBe(error);
  });

  it.each([
    [10107, 'NotWritablePrimary', true],
    [189, 'PrimarySteppedDown', true],
    [11602, 'InterruptedDueToReplStateChange', true],
    [91, 'ShutdownInProgress', true],
    [11000, 'DuplicateKey', false],
    [2, 'BadValue', false],
    [13, 'Unauthorized', false],
  ])('server error %i %s: an outage is %s', (code, codeName, outage) => {
    expect(storeUnavailableOf(serverError(code, codeName)) !== undefined).toBe(outage);
  });

  it('keeps an embedded store refusal as it is, and leaves a defect alone', () => {
    const refusal = new StoreUnavailableError('storage unavailable: no space left on device');
    expect(storeUnavailableOf(refusal)).toBe(refusal);
    expect(storeUnavailableOf(new TypeError('x is undefined'))).toBeUndefined();
  });
});

describe('openMongoStore', () => {
  it("fails the start with the driver's reason and releases the client", async () => {
    await expect(openMongoStore(UNREACHABLE)).rejects.toMatchObject({
      name: 'MongoConnectionError',
      hosts: '127.0.0.1:1',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it("cuts the start short itself when the URI leaves the wait to Quire, with the last server's reason", async () => {
    // The client keeps an election-long wait for its operations; the start alone gives up (5 s).
    await expect(openMongoStore('mongodb://127.0.0.1:1/quire')).rejects.toMatchObject({
      name: 'MongoConnectionError',
      reason: expect.stringContaining('ECONNREFUSED'),
    });
  }, 20_000);
});
