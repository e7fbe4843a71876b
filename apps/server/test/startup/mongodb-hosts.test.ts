/** What the "connecting to MongoDB at …" line and the failure line show of MONGODB_URI: the hosts, never credentials or options. */
import { mongoHostsOf } from '@quire/store';
import { describe, expect, it } from 'vitest';

describe('mongoHostsOf', () => {
  it.each([
    ['mongodb://127.0.0.1:27017', '127.0.0.1:27017'],
    ['mongodb://quire:s3cret@db.example:27017/quire?authSource=admin', 'db.example:27017'],
    ['mongodb://user:p%40ss@a:1,b:2,c:3/?replicaSet=rs0', 'a:1,b:2,c:3'],
    ['mongodb+srv://user:pw@cluster0.example.net/quire', 'cluster0.example.net'],
    ['mongodb://odd@user:pw@host/db', 'host'],
    ['mongodb:///quire', 'localhost'],
  ])('%s shows %s', (uri, hosts) => {
    expect(mongoHostsOf(uri)).toBe(hosts);
  });
});
