/**
 * GitBook's official client (`@gitbook/api`, unchanged) against a running Quire: every `/v1`
 * route GitBook's document defines (`coverage.test.ts` fails on one that no case drives),
 * each response checked against the document shipped in the client's package. The cases
 * live in the `*.cases.ts` files, one per area (all of this folder's are loaded), and share
 * this file's server.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { useSharedServer } from './shared-server';

// Every `*.cases.ts` file of this folder, read from the folder so a new area's is never left out.
for (const name of readdirSync(fileURLToPath(new URL('.', import.meta.url))).filter((file) =>
  file.endsWith('.cases.ts'),
))
  await import(`./${name}`);

useSharedServer();
