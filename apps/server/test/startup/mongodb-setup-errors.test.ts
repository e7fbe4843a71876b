/**
 * What the command line says when MongoDB answers but cannot be used: a user without rights
 * on the database (the driver's `Unauthorized` as a server sends it) and too old a server,
 * each one line naming the settings to change, no stack.
 */
import { describeMongoAuthorizationFailure, MongoServerError, MongoSetupError } from '@quire/store';
import { describe, expect, it } from 'vitest';
import { describeCliError } from '../../src/cli/cli-error';

describe('MongoDB setup failures on the command line', () => {
  it("names the database and the settings when the URI's user may not write there", () => {
    const refusal = new MongoServerError({
      ok: 0,
      code: 13,
      codeName: 'Unauthorized',
      errmsg: 'not authorized on quire to execute command { createIndexes: "spaces" }',
    });
    const described = describeMongoAuthorizationFailure(refusal, 'quire');
    expect(described).toBeInstanceOf(MongoSetupError);
    const { message, unexpected } = describeCliError(described);
    expect(unexpected).toBe(false);
    expect(message).toMatch(
      /^cannot use MongoDB \(MONGODB_URI, MONGODB_DB\): the MongoDB user of MONGODB_URI is not authorized on the database "quire"/,
    );
    expect(message).toContain('MONGODB_DB');
    expect(message).not.toContain('    at ');
  });

  it('leaves other server errors alone', () => {
    const duplicate = new MongoServerError({
      ok: 0,
      code: 11000,
      codeName: 'DuplicateKey',
      errmsg: 'E11000',
    });
    expect(describeMongoAuthorizationFailure(duplicate, 'quire')).toBeUndefined();
  });

  it('says a server is too old in one line', () => {
    const { message, unexpected } = describeCliError(
      new MongoSetupError('MongoDB 4.4.18 is too old: Quire needs 5.0 or later'),
    );
    expect({ message, unexpected }).toEqual({
      message:
        'cannot use MongoDB (MONGODB_URI, MONGODB_DB): MongoDB 4.4.18 is too old: Quire needs 5.0 or later',
      unexpected: false,
    });
  });
});
