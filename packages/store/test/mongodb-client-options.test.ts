/**
 * The MongoDB client's options as the official driver reads them (a client is made, never
 * connected): Quire's defaults where the URI is silent, the URI's own where it speaks, the
 * primary always. Each row is one rule of `mongoClientOptions`.
 */
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import {
  MONGODB_CONNECT_TIMEOUT_MS,
  MONGODB_SERVER_SELECTION_TIMEOUT_MS,
  mongoClientOptions,
  startupDeadlineMs,
  uriDatabaseName,
} from '../src/mongodb/client-options';
import { mongoDatabaseNameFor } from '../src/mongodb-store';

const clientOf = (uri: string) => new MongoClient(uri, mongoClientOptions(uri)).options;

describe('mongoClientOptions', () => {
  it.each([
    [
      '1, 2: an election-long server selection, a short connection attempt',
      'mongodb://db.test/quire',
      {
        serverSelectionTimeoutMS: MONGODB_SERVER_SELECTION_TIMEOUT_MS,
        connectTimeoutMS: MONGODB_CONNECT_TIMEOUT_MS,
      },
    ],
    [
      "1, 2: the URI's own timeouts",
      'mongodb://db.test/quire?serverSelectionTimeoutMS=700&connectTimeoutMS=800',
      { serverSelectionTimeoutMS: 700, connectTimeoutMS: 800 },
    ],
    [
      '3: majority writes in the journal',
      'mongodb://db.test/',
      { writeConcern: { w: 'majority', journal: true } },
    ],
    ["3: the URI's write concern", 'mongodb://db.test/?w=2', { writeConcern: { w: 2 } }],
    ['4: majority reads', 'mongodb://db.test/', { readConcern: { level: 'majority' } }],
    [
      "4: the URI's read concern",
      'mongodb://db.test/?readConcernLevel=local',
      { readConcern: { level: 'local' } },
    ],
    ['6: undefined fields left out', 'mongodb://db.test/', { ignoreUndefined: true }],
    [
      'retryable reads and writes (the driver default, kept)',
      'mongodb://db.test/',
      { retryReads: true, retryWrites: true },
    ],
  ])('%s', (_rule, uri, expected) => {
    expect(clientOf(uri)).toMatchObject(expected);
  });

  it('5: reads go to the primary even when the URI asks for secondaries', () => {
    expect(
      clientOf('mongodb://a.test,b.test/?replicaSet=rs&readPreference=secondary').readPreference.mode,
    ).toBe('primary');
  });

  it('cuts the start short only when the URI leaves the server selection wait to Quire', () => {
    expect(startupDeadlineMs('mongodb://db.test/')).toBe(MONGODB_CONNECT_TIMEOUT_MS);
    expect(startupDeadlineMs('mongodb://db.test/?serverSelectionTimeoutMS=300')).toBeUndefined();
  });
});

describe('the database', () => {
  it.each([
    ['mongodb://db.test', undefined, undefined, 'quire'],
    ['mongodb://db.test/', undefined, undefined, 'quire'],
    ['mongodb://user:pw@a.test:27017,b.test/docs?authSource=admin', undefined, 'docs', 'docs'],
    ['mongodb+srv://cluster.test/my%20docs?retryWrites=true', undefined, 'my docs', 'my docs'],
    ['mongodb://db.test/docs', 'other', 'docs', 'other'],
  ])('%s with MONGODB_DB=%s', (uri, override, inUri, used) => {
    expect(uriDatabaseName(uri)).toBe(inUri);
    expect(mongoDatabaseNameFor(uri, override)).toBe(used);
  });
});
