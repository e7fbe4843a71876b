/**
 * The file piscina loads in each pool thread: a CommonJS module, so that piscina's `require()`
 * of its task file never loads an ES module. Node 20 lets `require()` load an ES module, but
 * aborts the whole process (an assertion in its module loader, not an exception) when that
 * meets the module half-loaded by an `import()` — which piscina itself starts when its
 * `require()` attempt fails, and a replacement thread (after one ran out of memory) raced it:
 * a CI run was lost to it. The thread's real entry (`workerData.entry`, an ES module: the
 * build's `dist/<name>.js` or the bundle of `<name>.ts`) is imported here, once, by `import()`.
 */
'use strict';

const { workerData } = require('node:worker_threads');

let serving;

module.exports = function serveTask(task) {
  serving ??= import(workerData.entry).then((entry) => entry.default);
  return serving.then((serve) => serve(task));
};
