import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config';

describe('QUIRE_FETCH_ALLOW_HOSTS', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['127.0.0.1,localhost', ['127.0.0.1', 'localhost']],
    [' 127.0.0.1 , LocalHost ,, ', ['127.0.0.1', 'localhost']],
    ['[::1]', ['[::1]']],
  ])('%j → %j', (value, expected) => {
    expect(parseConfig({ QUIRE_FETCH_ALLOW_HOSTS: value }).fetchAllowHosts).toEqual(expected);
  });
});
