/**
 * Scalar validates its configuration with zod, whose first parse probes for `new Function`
 * (to compile faster parsers). The app's Content-Security-Policy forbids eval, so the probe
 * is reported as a violation in the console. zod reads its settings from this global before
 * probing: `jitless` makes it skip the probe and parse without compiling (the same results).
 * Imported first by `scalar-reference.tsx`, so it runs before Scalar's modules.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
