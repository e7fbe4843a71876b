/**
 * The start gate: one process at a time passes from "registered" to "serving" on a store,
 * so a startup repair never runs beside another process's writes (issue 34, item 4).
 *
 * Each starting process, after it registered its session (`store-sessions.ts`) and before it
 * reads anyone else's, takes the gate: one document `{_id: 'start', holder}` inserted in
 * `storeMaintenance` (the unique `_id` lets one insert win on either engine). It decides and
 * runs its repair holding the gate, then opens it (deletes the document) and serves. So:
 * - two processes starting together each see the other's session (both registered before
 *   either read) and neither repairs: the repair waits for a start that finds no one;
 * - a process starting while another repairs waits at the gate until that repair is done,
 *   and only then reads the sessions and serves.
 * A gate whose holder's session is gone or dead (it crashed holding it) is taken over.
 */
import type { Store, StoreCollection } from '@quire/store';
import { isDuplicateKeyError } from '@quire/store';
import type { StoreSessionDocument } from './store-sessions';

const MAINTENANCE = 'storeMaintenance';
const GATE_ID = 'start';
/** How often a waiting process looks at the gate again. */
const GATE_POLL_MS = 250;

interface GateDocument {
  _id: string;
  /** The session id of the process holding the gate. */
  holder: string;
}

export interface StartGate {
  open(): Promise<void>;
}

export interface StartGateOptions {
  /** Whether a session is alive now (the store session's own rule, by the store's clock). */
  isLive(session: StoreSessionDocument): boolean | Promise<boolean>;
  /** Called once when the process has to wait, with the holder's session. */
  onWait(holder: StoreSessionDocument | null): void;
  pause?: (ms: number) => Promise<void>;
}

const pauseFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Takes the start gate for the session `holder`, waiting while a live process holds it. */
export async function takeStartGate(
  store: Store,
  holder: string,
  options: StartGateOptions,
): Promise<StartGate> {
  const gates: StoreCollection<GateDocument> = store.db.collection<GateDocument>(MAINTENANCE);
  const sessions = store.db.collection<StoreSessionDocument>('storeSessions');
  const pause = options.pause ?? pauseFor;
  let told = false;
  for (;;) {
    try {
      await gates.insertOne({ _id: GATE_ID, holder });
      break;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const gate = await gates.findOne({ _id: GATE_ID });
    if (gate === null) continue;
    const holderSession = await sessions.findOne({ _id: gate.holder });
    if (holderSession === null || !(await options.isLive(holderSession))) {
      // Its holder is gone: taken over only if no one else took it over first.
      const takeover = await gates.updateOne({ _id: GATE_ID, holder: gate.holder }, { $set: { holder } });
      if (takeover.matchedCount === 1) break;
      continue;
    }
    if (!told) options.onWait(holderSession);
    told = true;
    await pause(GATE_POLL_MS);
  }
  return {
    async open() {
      await gates.deleteOne({ _id: GATE_ID, holder });
    },
  };
}
