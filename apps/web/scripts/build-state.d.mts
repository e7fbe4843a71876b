/** Types of build-state.mjs, for the tests that import it. */
import type { BuildState } from '../../server/scripts/build-record.mjs';

export const WEB_DIR: string;
export const WEB_DIST: string;
export const WEB_RECORD: string;
export function webBuildInputs(): string[];
export function webBuildState(): BuildState;
