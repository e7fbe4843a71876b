/**
 * The instance's signing key (for visitor-claims tokens), created once and kept in the
 * store so every process of the instance, on either engine, signs with the same key.
 */
import type { StoreDatabase } from '@quire/store';
import { isDuplicateKeyError } from '@quire/store';

interface InstanceSecretDoc {
  _id: string;
  value: string;
}

const SIGNING_KEY_ID = 'signing-key';

export async function loadOrCreateSigningKey(db: StoreDatabase, generate: () => string): Promise<string> {
  const secrets = db.collection<InstanceSecretDoc>('instanceSecrets');
  const existing = await secrets.findOne({ _id: SIGNING_KEY_ID });
  if (existing) return existing.value;
  try {
    await secrets.insertOne({ _id: SIGNING_KEY_ID, value: generate() });
  } catch (error) {
    // Another process created it first: use theirs.
    if (!isDuplicateKeyError(error)) throw error;
  }
  const created = await secrets.findOne({ _id: SIGNING_KEY_ID });
  if (!created) throw new Error('signing key vanished right after it was created');
  return created.value;
}
