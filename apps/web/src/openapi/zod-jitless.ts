/**
 * Scalar validates its configuration with zod, whose first parse probes for `new Function`
 * (to compile faster parsers). The app's Content-Security-Policy forbids eval, so the probe
 * is reported as a violation in the console. zod reads its settings from this global object
 * when it probes: `jitless` makes it skip the probe and parse without compiling (the same
 * results). Imported by the app's entry (`main.tsx`), which runs before any lazy chunk: a
 * chunk's static imports run before its own body, so imported beside Scalar (in its chunk)
 * it ran after Scalar's modules had parsed. The object is changed in place, never replaced:
 * zod keeps the one it found when its module ran.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
