/** Types of build.mjs, for the tests that import it. */
export function buildWeb(): Promise<{ outputs: string[] }>;
export function ensureWebBuild(): Promise<{ built: boolean; because?: string }>;
