#!/usr/bin/env node
// Launcher of the `quire` command line: registers tsx's loader, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
