/**
 * `tsx bench/co-editing-keystrokes.ts` (from apps/web; apps/server's tsx): keystrokes in the
 * shared editor (issue 33) with many people in one page. BENCH_BROWSERS people in Chromium
 * (contexts of one Chromium without `--single-process`: each its own session), the rest of
 * BENCH_PEOPLE as Node editors, each typing a character into a paragraph of its own every
 * BENCH_NODE_MS ms (BENCH_EXTRA_PARAGRAPHS more paragraphs after theirs, none edited, make the page
 * long). Each browser presses BENCH_KEYS keys at the end of its own paragraph; for
 * each, per editor:
 * - handled: from the keydown event's `timeStamp` (when the key reached the page, so waiting
 *   behind other work counts) to the end of the editor's handling of it (keydown, keypress,
 *   beforeinput, input and the microtasks after them) — the editor's own cost;
 * - next frame: from the keydown handler to the next animation frame, which also waits for the
 *   display's next frame (up to 16.7 ms with no work at all);
 * - after frame: to just after that frame (style, layout, paint).
 * Target: no keystroke over 16 ms in any editor, 50 people. Also the CPU time of each page's
 * main thread (Chromium's TaskDuration), of this process (the server) and of the Node editors'
 * while the keys are pressed; BENCH_PROFILE=<file> writes a CPU profile of the first page over both,
 * BENCH_TRACE=<file> a Chromium trace of them (style, layout and paint as well as scripts), and
 * BENCH_HANDLED_OUT=<file> each browser's keydown -> handled times and the keys' times as JSON (one
 * array per browser), so that the keys of many runs can be pooled (one key in thousands is what the
 * target is about) or set beside a kernel scheduler trace (the wall clock's offset is in it too);
 * BENCH_HEAP=<file> a sampling heap profile of the first page over the watch and the keys (what
 * was allocated, collected or not: the garbage collector's work, which delays keys, follows it;
 * with BENCH_HEAP_SURVIVORS=1 only what outlived a young collection, which is what starts a major
 * one); BENCH_PROFILE_US the CPU profile's sampling interval (200 µs by default);
 * BENCH_TRACE_CATEGORIES more trace categories (comma separated); BENCH_CHROMIUM_ARGS more
 * Chromium arguments, a JSON array (e.g. `["--js-flags=--log-function-events --logfile=/tmp/v8-%p.log"]`:
 * each function V8 compiles, with its time, which names what a key compiles); BENCH_KEY_GAP_MS a
 * pause after each key (by default none: a held key's pace; 70 for a fast typist's, see below).
 * And the presence (awareness) messages each page sends while only the others type: a page
 * whose caret does not move has nothing to send.
 *
 * The Node editors stand in for people on machines of their own, so by default (light) each is
 * a Hocuspocus provider that syncs once, then sends its own edits and discards what the server
 * sends it (edits and presence) unapplied: applying everyone's edits 45 times over is those
 * people's machines' work, not this one's. BENCH_FULL_EDITORS=1 applies them all, as before.
 * They run in a process of their own (`node-editors.ts`) at nice BENCH_NODE_EDITORS_NICE (19 by
 * default; 0 with the server's priority, the nearest to the sixteenth session's runs, when they
 * shared the server's process): this machine's cores stand for the page's person's and the
 * server's, not for the 49 others'. The server keeps the priority of the page.
 */

import { fork } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';
import { addMember } from '../../server/test/support/factories';
import { startTestServer } from '../../server/test/support/test-server';
import { ensureWebBuild } from '../scripts/build.mjs';
import { openWatchedPage, signInWithToken } from '../test/e2e/support/browser';
import { addLivePage, createDocsSpace } from '../test/e2e/support/docs-space';
import { mainThreadFigures } from './main-thread-trace';
import type { NodeEditorsMessage, NodeEditorsReply, NodeEditorsStart } from './node-editors';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50);
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 5);
const KEYS = Number(process.env.BENCH_KEYS ?? 100);
const NODE_MS = Number(process.env.BENCH_NODE_MS ?? 250);
const FULL_EDITORS = process.env.BENCH_FULL_EDITORS === '1';
/**
 * Each Node editor shows a caret, moved after each character it types, as an editor in a
 * browser does: 49 carets on the page and a presence message per edit. Off by default: the
 * figures of earlier sessions were taken without.
 */
const NODE_CARETS = process.env.BENCH_NODE_CARETS === '1';
/** Paragraphs after the people's own, nobody editing them: the cost of a long page. */
const EXTRA_PARAGRAPHS = Number(process.env.BENCH_EXTRA_PARAGRAPHS ?? 0);
const PROFILE = process.env.BENCH_PROFILE;
/** A Chromium trace (style, layout, paint, scripts) of the watch and the typing, to a file. */
const TRACE = process.env.BENCH_TRACE;
/** A screenshot of the first page after the watch, to see the carets. */
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
/** Seconds the pages, caret in place, only watch the others type before the keys (CPU time). */
const WATCH_S = Number(process.env.BENCH_WATCH_S ?? 5);
/**
 * With two browsers or more, BENCH_LATENCY=1 also times each key from its keydown in one
 * browser to the change in the other browsers' editors (their editor's transaction holding it,
 * on one clock: `performance.timeOrigin`), issue 33's first target (under 100 ms at the median).
 * Off by default: each page then reads its document at every change, which is work of its own.
 */
const LATENCY = process.env.BENCH_LATENCY === '1' && BROWSERS > 1;
/**
 * BENCH_ENTER_AT=5,60: the keys (counted from 0) that are Enter instead of a letter, a paragraph
 * split (the keymap's command, y-tiptap's sync of a new block); the letters after it go into the
 * new paragraph. Not with BENCH_LATENCY, which counts letters in each person's paragraph.
 */
const ENTER_AT = new Set((process.env.BENCH_ENTER_AT ?? '').split(',').filter(Boolean).map(Number));

/**
 * BENCH_KEY_GAP_MS: a pause after each key's release, in ms. 0 by default: a key every 25-30 ms
 * (its 20 ms press and the round trip to the browser), the pace of a held key's repeat, about
 * eight times the Node editors'. 70 makes it about 100 ms a key, a fast typist (120 words a minute).
 */
const KEY_GAP_MS = Number(process.env.BENCH_KEY_GAP_MS ?? 0);

const NODE_EDITORS_NICE = Number(process.env.BENCH_NODE_EDITORS_NICE ?? 19);

/** The Node editors' process (`node-editors.ts`), and the questions the bench asks it. */
function startNodeEditorsProcess() {
  // Forked with this process's flags (tsx's loader among them).
  const child = fork(fileURLToPath(new URL('./node-editors.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  setPriority(child.pid!, NODE_EDITORS_NICE);
  const ask = <Type extends NodeEditorsReply['type']>(message: NodeEditorsMessage, answer: Type) =>
    new Promise<Extract<NodeEditorsReply, { type: Type }>>((resolve, reject) => {
      const listen = (reply: NodeEditorsReply) => {
        if (reply.type === 'failed') reject(new Error(`the Node editors failed: ${reply.message}`));
        else if (reply.type === answer) resolve(reply as Extract<NodeEditorsReply, { type: Type }>);
        else return;
        child.off('message', listen);
      };
      child.on('message', listen);
      child.send(message);
    });
  return {
    start: (options: Omit<NodeEditorsStart, 'type'>) => ask({ type: 'start', ...options }, 'joined'),
    count: () => ask({ type: 'count' }, 'count'),
    stop: () => {
      if (child.connected) child.send({ type: 'stop' });
    },
  };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1)!,
    over16: sorted.filter((v) => v > 16).length,
    count: sorted.length,
  };
};
const format = (s: ReturnType<typeof stats>) =>
  `median ${s.median.toFixed(1)}, p99 ${s.p99.toFixed(1)}, max ${s.max.toFixed(1)} ms; over 16 ms: ${s.over16} of ${s.count}`;

interface Samples {
  handled: number[];
  frame: number[];
  painted: number[];
  /** When each of this page's keys went down (ms since the epoch, fractional). */
  pressedAt: number[];
  /** For each other browser (by index), when this page's editor had its n-th typed character. */
  seenAt: Record<number, number[]>;
}

await ensureWebBuild();
// The Node editors all join as one person from one address: the server's caps per person (4
// connections to a document) and per address (20 sockets a second) would refuse them. The
// server reads its co-editing limits from the process's environment.
process.env.QUIRE_COLLAB_MAX_CONNECTIONS_PER_USER ??= String(PEOPLE);
process.env.QUIRE_COLLAB_MAX_UPGRADES_PER_SECOND ??= '1000';
chromium.setGraphicsMode = false;
const unsafe = ['--disable-web-security', '--allow-running-insecure-content', '--single-process'];
const [server, browser] = await Promise.all([
  startTestServer(),
  playwright.launch({
    executablePath: await chromium.executablePath(),
    args: [
      ...chromium.args.filter((arg) => !unsafe.includes(arg)),
      ...(JSON.parse(process.env.BENCH_CHROMIUM_ARGS ?? '[]') as string[]),
    ],
    headless: true,
  }),
]);
const nodeEditors = startNodeEditorsProcess();
try {
  const docs = await createDocsSpace(server);
  const paragraphs = [
    ...Array.from({ length: PEOPLE }, (_, index) => `Person ${index + 1} writes here.`),
    ...Array.from(
      { length: EXTRA_PARAGRAPHS },
      (_, index) =>
        `Paragraph ${index + 1} of the rest of a long page, which nobody edits while the others type.`,
    ),
  ];
  const pageId = await addLivePage(server, docs, 'Crowded', paragraphs.join('\n\n') + '\n');
  const name = `${docs.spaceId}/live/${pageId}`;
  const members = await Promise.all(
    Array.from({ length: BROWSERS - 1 }, (_, index) =>
      addMember(server, docs.org.organization.id, 'edit', { displayName: `Browser ${index + 2}` }),
    ),
  );
  const tokens = [docs.org.admin.token, ...members.map((member) => member.token)];
  const pages = await Promise.all(
    tokens.map(async (token) => {
      const { page } = await openWatchedPage(browser, server.url);
      await signInWithToken(page, token);
      await page.goto(`/o/${docs.org.organization.id}/s/${docs.spaceId}/crowded`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByRole('button', { name: 'Edit together' }).click();
      await page.getByRole('textbox', { name: 'Content of Crowded' }).getByText('Person 1 writes').waitFor();
      return page;
    }),
  );
  // The Node editors, each typing into the paragraph of its own, once joined.
  await nodeEditors.start({
    url: server.url.replace('http', 'ws') + '/collaboration',
    token: docs.org.admin.token,
    name,
    from: BROWSERS,
    to: PEOPLE,
    everyMs: NODE_MS,
    carets: NODE_CARETS,
    full: FULL_EDITORS,
  });
  const sessions = await Promise.all(pages.map((page) => page.context().newCDPSession(page)));
  await Promise.all(sessions.map((session) => session.send('Performance.enable')));
  const taskSeconds = async (index: number) => {
    const { metrics } = await sessions[index]!.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')!.value;
  };
  // Chromium's own count of each of its processes' CPU time (s): renderers, GPU, browser.
  const browserSession = await browser.newBrowserCDPSession();
  const chromiumCpu = async () => {
    const { processInfo } = await browserSession.send('SystemInfo.getProcessInfo');
    const byType = new Map<string, number>();
    for (const each of processInfo) byType.set(each.type, (byType.get(each.type) ?? 0) + each.cpuTime);
    return byType;
  };
  // Each caret at the end of its paragraph, then the others typing, watched for WATCH_S.
  for (const [index, page] of pages.entries()) {
    await page
      .getByRole('textbox', { name: 'Content of Crowded' })
      .getByText(`Person ${index + 1} writes`)
      .click();
    await page.keyboard.press('End');
  }
  if (process.env.BENCH_HEAP) {
    await sessions[0]!.send('HeapProfiler.enable');
    await sessions[0]!.send('HeapProfiler.startSampling', {
      samplingInterval: 8192,
      includeObjectsCollectedByMajorGC: true,
      // BENCH_HEAP_SURVIVORS=1: only what outlived a young collection (promoted to the old
      // generation, whose growth is what starts a major collection), collected later or not.
      includeObjectsCollectedByMinorGC: process.env.BENCH_HEAP_SURVIVORS !== '1',
    });
  }
  if (PROFILE) {
    await sessions[0]!.send('Profiler.enable');
    await sessions[0]!.send('Profiler.setSamplingInterval', {
      interval: Number(process.env.BENCH_PROFILE_US ?? 200),
    });
    await sessions[0]!.send('Profiler.start');
  }
  if (TRACE)
    await browserSession.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: {
        includedCategories: [
          'toplevel',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink',
          'cc',
          'v8.execute',
          ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? []),
        ],
      },
    });
  // The presence (awareness) messages each page sends: counted from here on. A Hocuspocus
  // message is the document's name (a varString) and then its type (1: awareness).
  await Promise.all(
    pages.map((page) =>
      page.evaluate(() => {
        const counts = { presence: 0, other: 0 };
        (globalThis as unknown as { sentCounts: typeof counts }).sentCounts = counts;
        const send = WebSocket.prototype.send;
        WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
          const bytes =
            data instanceof ArrayBuffer
              ? new Uint8Array(data)
              : ArrayBuffer.isView(data)
                ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
                : undefined;
          if (bytes) {
            let at = 0;
            let length = 0;
            for (let shift = 0; ; shift += 7) {
              const byte = bytes[at++]!;
              length |= (byte & 0x7f) << shift;
              if (byte < 0x80) break;
            }
            if (bytes[at + length] === 1) counts.presence += 1;
            else counts.other += 1;
          }
          return send.call(this, data);
        };
      }),
    ),
  );
  const sentCounts = () =>
    Promise.all(
      pages.map((page) =>
        page.evaluate(() => ({
          ...(globalThis as unknown as { sentCounts: { presence: number; other: number } }).sentCounts,
        })),
      ),
    );
  // Edits the Node editors sent: their timers fall behind when the cores are busy.
  const editorsBefore = await nodeEditors.count();
  const watchedBefore = await chromiumCpu();
  const watchedCpuBefore = process.cpuUsage();
  const watchStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, WATCH_S * 1000));
  const watchedSeconds = (performance.now() - watchStart) / 1000;
  const watchedCpu = process.cpuUsage(watchedCpuBefore);
  const editorsAfter = await nodeEditors.count();
  const watchedEdits = editorsAfter.sent - editorsBefore.sent;
  const watchedAfter = await chromiumCpu();
  const watchedSent = await sentCounts();
  if (SCREENSHOT) await pages[0]!.screenshot({ path: SCREENSHOT });
  const chromiumBefore = await chromiumCpu();
  const cpuBefore = process.cpuUsage();
  const editorsTypingBefore = await nodeEditors.count();
  const typingStart = performance.now();
  const results = await Promise.all(
    pages.map(async (page, index) => {
      await page.evaluate(
        ({ index, browsers, latency }) => {
          const samples: Samples = { handled: [], frame: [], painted: [], pressedAt: [], seenAt: {} };
          if (latency) {
            // The others' paragraphs ("Person <n> writes here." and what they type after it), read
            // from the editor's document at each of its transactions (carets' labels are not in it).
            type Doc = { forEach: (each: (node: { textContent: string }) => void) => void };
            type Tiptap = { on: (event: 'transaction', listener: () => void) => void; state: { doc: Doc } };
            const editor = (document.querySelector('.ProseMirror') as unknown as { editor: Tiptap }).editor;
            editor.on('transaction', () => {
              const at = performance.timeOrigin + performance.now();
              editor.state.doc.forEach((node) => {
                const person = /^Person (\d+) writes here\./.exec(node.textContent);
                const other = person ? Number(person[1]) - 1 : -1;
                if (other < 0 || other >= browsers || other === index) return;
                samples.seenAt[other] ??= [];
                const seen = samples.seenAt[other];
                const typed = node.textContent.length - `Person ${other + 1} writes here.`.length;
                while (seen.length < typed) seen.push(at);
              });
            });
          }
          (globalThis as unknown as { samples: Samples }).samples = samples;
          let pressed: { at: number; end: number } | undefined;
          // The editor's handlers are on its element: these run after them, and their microtask
          // after the microtasks the handling queued (ProseMirror's DOM observer among them).
          // (No named functions in here: the bench's compiler would wrap them in a helper the
          // page does not have.)
          for (const type of ['keydown', 'keypress', 'beforeinput', 'input'])
            window.addEventListener(type, () =>
              queueMicrotask(() => {
                if (pressed) pressed.end = performance.now();
              }),
            );
          document.addEventListener(
            'keydown',
            (event) => {
              const start = performance.now();
              samples.pressedAt.push(performance.timeOrigin + event.timeStamp);
              const current = { at: event.timeStamp, end: start };
              pressed = current;
              requestAnimationFrame(() => {
                samples.handled.push(current.end - current.at);
                samples.frame.push(performance.now() - start);
                const channel = new MessageChannel();
                channel.port1.onmessage = () => samples.painted.push(performance.now() - start);
                channel.port2.postMessage(null);
              });
            },
            true,
          );
        },
        { index, browsers: BROWSERS, latency: LATENCY },
      );
      const before = await taskSeconds(index);
      const start = performance.now();
      for (let key = 0; key < KEYS; key += 1) {
        await page.keyboard.press(ENTER_AT.has(key) ? 'Enter' : 'abcdefghij'[key % 10]!, { delay: 20 });
        if (KEY_GAP_MS > 0) await new Promise((resolve) => setTimeout(resolve, KEY_GAP_MS));
      }
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))),
      );
      const mainThreadMsPerS =
        (((await taskSeconds(index)) - before) / ((performance.now() - start) / 1000)) * 1000;
      return { mainThreadMsPerS };
    }),
  );
  const typingSeconds = (performance.now() - typingStart) / 1000;
  const samplesOf = () =>
    Promise.all(
      pages.map(
        async (page) =>
          (await page.evaluate(() => (globalThis as unknown as { samples: unknown }).samples)) as Samples,
      ),
    );
  // The last keys of one browser may still be on their way to another: waited for (up to 5 s).
  for (const waitUntil = performance.now() + 5_000; LATENCY && performance.now() < waitUntil; ) {
    const all = await samplesOf();
    const arrived = all.every((watched, watcher) =>
      all.every((_, typist) => typist === watcher || (watched.seenAt[typist]?.length ?? 0) >= KEYS),
    );
    if (arrived) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const samples = await samplesOf();
  if (process.env.BENCH_HANDLED_OUT)
    await writeFile(
      process.env.BENCH_HANDLED_OUT,
      JSON.stringify({
        handled: samples.map((each) => each.handled),
        pressedAt: samples.map((each) => each.pressedAt),
        // Wall clock (ms) minus the monotonic clock (ms): to set the keys beside a kernel trace.
        wallMinusMonotonicMs:
          performance.timeOrigin + performance.now() - Number(process.hrtime.bigint()) / 1e6,
      }),
    );
  const cpu = process.cpuUsage(cpuBefore);
  const editorsTypingAfter = await nodeEditors.count();
  const chromiumAfter = await chromiumCpu();
  if (process.env.BENCH_HEAP) {
    const { profile } = await sessions[0]!.send('HeapProfiler.stopSampling');
    await writeFile(process.env.BENCH_HEAP, JSON.stringify(profile));
  }
  if (PROFILE) {
    const { profile } = await sessions[0]!.send('Profiler.stop');
    await writeFile(PROFILE, JSON.stringify(profile));
  }
  let traced: ReturnType<typeof mainThreadFigures> = [];
  if (TRACE) {
    const complete = new Promise<{ stream?: string }>((resolve) =>
      browserSession.once('Tracing.tracingComplete', resolve),
    );
    await browserSession.send('Tracing.end');
    const { stream } = await complete;
    const chunks: string[] = [];
    for (;;) {
      const chunk = await browserSession.send('IO.read', { handle: stream! });
      chunks.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data);
      if (chunk.eof) break;
    }
    await browserSession.send('IO.close', { handle: stream! });
    await writeFile(TRACE, chunks.join(''));
    traced = mainThreadFigures(chunks.join(''));
  }
  console.log(
    `co-editing keystrokes: ${PEOPLE} people in one page (${BROWSERS} Chromium editors, ${PEOPLE - BROWSERS} ${FULL_EDITORS ? 'full' : 'light'} Node editors typing every ${NODE_MS} ms${NODE_CARETS ? ', carets shown' : ''}), ${KEYS} keys per browser`,
  );
  results.forEach(({ mainThreadMsPerS }, index) => {
    const each = samples[index]!;
    console.log(
      `  editor ${index + 1}: main thread ${mainThreadMsPerS.toFixed(0)} ms CPU per s; keydown -> handled: ${format(stats(each.handled))}`,
    );
    // Which keys: the first keys run code for the first time (docs/performance.md).
    const slow = each.handled.flatMap((ms, key) => (ms > 16 ? [`#${key} ${ms.toFixed(1)}`] : []));
    if (slow.length) console.log(`            keys over 16 ms: ${slow.join(', ')}`);
    console.log(`            keydown -> next frame: ${format(stats(each.frame))}`);
    console.log(`            keydown -> after frame: ${format(stats(each.painted))}`);
  });
  console.log(`  all editors, keydown -> handled: ${format(stats(samples.flatMap((each) => each.handled)))}`);
  if (LATENCY) {
    // Each key of each browser, to each other browser's editor; keys never seen are counted.
    const delays: number[] = [];
    let unseen = 0;
    for (const [typist, typed] of samples.entries())
      for (const [watcher, watched] of samples.entries()) {
        if (watcher === typist) continue;
        const seen = watched.seenAt[typist] ?? [];
        for (const [key, pressedAt] of typed.pressedAt.entries()) {
          const at = seen[key];
          if (at === undefined) unseen += 1;
          else delays.push(at - pressedAt);
        }
      }
    const delay = stats(delays);
    console.log(
      `  keydown -> in another browser's editor: median ${delay.median.toFixed(1)}, p95 ${delay.p95.toFixed(1)}, max ${delay.max.toFixed(1)} ms over ${delays.length} (${unseen} never seen); target under 100 ms at the median: ${delay.median < 100 && unseen === 0 ? 'met' : 'NOT met'}`,
    );
  }
  console.log(
    `  all editors, keydown -> next frame: ${format(stats(samples.flatMap((each) => each.frame)))}`,
  );
  console.log(
    `  while only the Node editors type (${watchedSeconds.toFixed(1)} s, ${(watchedEdits / watchedSeconds).toFixed(0)} edits per s):`,
  );
  for (const [type, seconds] of watchedAfter) {
    const spent = (seconds - (watchedBefore.get(type) ?? 0)) * 1000;
    console.log(
      `    Chromium ${type} processes: ${(spent / watchedSeconds).toFixed(0)} ms CPU per s, ${(spent / watchedEdits).toFixed(2)} ms per edit`,
    );
  }
  console.log(
    `    this process (the server): ${(((watchedCpu.user + watchedCpu.system) / 1000 / watchedSeconds) | 0).toString()} ms CPU per s; the Node editors' process (nice ${NODE_EDITORS_NICE}): ${((editorsAfter.cpuMs - editorsBefore.cpuMs) / watchedSeconds).toFixed(0)} ms CPU per s`,
  );
  console.log(
    `    presence messages sent per page: ${watchedSent.map((each) => (each.presence / watchedSeconds).toFixed(1)).join(', ')} per s (other messages ${watchedSent.map((each) => (each.other / watchedSeconds).toFixed(1)).join(', ')} per s)`,
  );
  console.log('  while the browsers type too:');
  const keys = KEYS * BROWSERS;
  for (const [type, seconds] of chromiumAfter) {
    const spent = (seconds - (chromiumBefore.get(type) ?? 0)) * 1000;
    console.log(
      `  Chromium ${type} processes: ${(spent / typingSeconds).toFixed(0)} ms CPU per s, ${(spent / keys).toFixed(1)} ms per key pressed`,
    );
  }
  console.log(
    `  this process (the server): ${(((cpu.user + cpu.system) / 1000 / typingSeconds) | 0).toString()} ms CPU per s over ${typingSeconds.toFixed(1)} s; the Node editors' process: ${((editorsTypingAfter.cpuMs - editorsTypingBefore.cpuMs) / typingSeconds).toFixed(0)} ms CPU per s, ${((editorsTypingAfter.sent - editorsTypingBefore.sent) / typingSeconds).toFixed(0)} edits per s`,
  );
  for (const [index, { keys, frames, tasks }] of traced.entries()) {
    const over16 = (values: number[]) => values.filter((value) => value > 16).length;
    const quantiles = (values: number[]) => {
      const s = stats(values);
      return `median ${s.median.toFixed(1)}, p99 ${s.p99.toFixed(1)}, max ${s.max.toFixed(1)} ms`;
    };
    console.log(`  traced main thread ${index + 1} (wall time, and this thread's CPU time in it):`);
    console.log(
      `    the task handling each key: wall ${quantiles(keys.map((key) => key.wallMs))}, ${over16(keys.map((key) => key.wallMs))} over 16 ms; CPU ${quantiles(keys.map((key) => key.cpuMs))}, ${over16(keys.map((key) => key.cpuMs))} over 16 ms`,
    );
    console.log(`    frames: CPU ${quantiles(frames)} (${frames.length} frames)`);
    console.log(
      `    tasks: ${tasks.over16WallMs} over 16 ms of wall time, ${tasks.over16CpuMs} over 16 ms of CPU; all ${tasks.wallMs.toFixed(0)} ms wall, ${tasks.cpuMs.toFixed(0)} ms CPU`,
    );
  }
} finally {
  nodeEditors.stop();
  await browser.close();
  await server.close();
}
