/**
 * Resolves on a later turn of the event loop, after pending timers and I/O callbacks ran.
 *
 * Long work that runs on the main thread (converting many stored bodies, parsing outlines)
 * awaits this between steps, so that one request's batch never holds every other request. A
 * timer rather than `setImmediate` or a microtask: a resolved promise would run before any I/O,
 * and a timer also lets due timers (timeouts, heartbeats) fire.
 */
export function nextEventLoopTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
