#!/usr/bin/env node
/**
 * `pnpm dev`: the server from its TypeScript sources through tsx, in this one process (no
 * build; `node --watch` restarts it when a source changes). One process, so Ctrl-C reaches
 * the server itself: `tsx watch` would force-kill it on the second Ctrl-C that pnpm
 * forwards, before the store is closed.
 */
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
