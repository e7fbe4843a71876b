/**
 * Under Vitest, the pages' JavaScript runs without V8's optimizing compilers (`--max-opt=1`:
 * the interpreter and Sparkplug's baseline code). A test's page lives for seconds, and the
 * optimizing compilers' work did not pay back there: the browsers, the suite's largest share of
 * CPU, used about a quarter less on the same files (`docs/performance.md`, twelfth session).
 * The code behaves the same at every tier. The benchmarks (`bench/`, not under Vitest) keep
 * the browser people have.
 */
export const TEST_BROWSER_ARGS: readonly string[] = process.env.VITEST ? ['--js-flags=--max-opt=1'] : [];
