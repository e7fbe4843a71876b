/** Types of build-record.mjs, for the tests that import it. */
export const ROOT: string;
export function recordFileOf(outDirName?: string): string;
export function hashOf(path: string): string | undefined;
export interface BuildRecord {
  inputs: Record<string, string>;
  outputs: string[];
}
export function readBuildRecord(recordFile: string): BuildRecord | undefined;
export type BuildState = { state: 'missing' } | { state: 'stale'; because: string } | { state: 'fresh' };
export function buildStateOf(recordFile: string): BuildState;
export function forgetBuildRecord(recordFile: string): void;
export function writeBuildRecord(
  recordFile: string,
  files: { inputs: Iterable<string>; outputs: Iterable<string> },
): void;
