/** Types of build.mjs, for the tests that import it. */
export function buildAll(options?: {
  outDirName?: string;
}): Promise<{ inputs: string[]; outputs: string[]; outdirs: string[] }>;
export function ensureServerBuild(): Promise<{ built: boolean; because?: string }>;
export function stopBuilder(): Promise<void>;
export function undeclaredImports(metafile: unknown, manifest: unknown): string[];
