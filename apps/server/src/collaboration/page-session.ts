/**
 * One shared page while people edit it: who is there, and how its content becomes revisions.
 *
 * Saving (Hocuspocus's debounced store, and when the last person leaves): the editors report
 * the page's markdown with the hash of the content they converted (`shared-state.ts`); when
 * the hash is this server's content's and the markdown differs from the base, it is saved as
 * an ordinary batch (`update_page`) against the base revision, run as the person who typed most
 * since the last save (else the one whose editor reported it), so the domain's guard and the
 * attribution are theirs. The batch merges three-way into whatever the content became since:
 * when that brought others' changes in, the merged markdown goes back to the editors as
 * `incoming`, never over their typing. When the page
 * changed elsewhere in the same places (the merge's conflicts), the editors' lines win there
 * and the other edit's changes elsewhere are kept (`mergeMarkdown` with `conflicts: 'ours'`,
 * saved over the head, and sent to the editors as `incoming`): what they typed is never
 * dropped, nor the other edit's other lines; its lost lines stay in the history.
 *
 * A revision written elsewhere (the API, a merge, an import) while people edit arrives as an
 * event (`remoteRevision`): unchanged page, the base moves; no unsaved edits, the page's new
 * markdown goes to the editors as `incoming`; unsaved edits, they are saved at once, which
 * merges them with it.
 *
 * Work on one session runs one piece at a time (`queue`), so an event that a save of ours
 * caused is seen after the save moved the base.
 *
 * The base a save is made against is the server's own (`base`), never read back from the
 * document: the `quire` map is written by every writer's editor, so a writer who set its `base`
 * to the head without taking in the edit that made it had the next save (anyone's, attributed
 * to whoever typed most) silently revert that edit, and one who set its `baseMarkdown` to the
 * content's had others' typing found `unchanged` and never saved. The base moves only on what
 * the server knows: a revision it saved from the editors' report, a revision written elsewhere
 * whose page is the base's, and a revision it offered as `incoming` once an editor's report
 * (of the content the server holds, by its hash) is that revision's markdown. Until then a save
 * is made against the older base and merges three-way, which keeps the edits made since. The
 * map's `base` and `baseMarkdown` are still written, for the editors (seeding, joining again).
 */

import {
  contentHashOf,
  type IncomingRevision,
  type MarkdownReport,
  reportOf,
  stateOf,
} from '@quire/documents';
import {
  executeOperation,
  isDomainError,
  mergeMarkdown,
  type OperationContext,
  operations,
} from '@quire/domain';
import type * as Y from 'yjs';
import { RELAY_ORIGIN } from './collaboration-relay';
import { type SharedPlace, sharedDocumentName } from './document-name';
import type { Seat } from './page-admission';
import { SERVER_OWNED_KEYS } from './server-owned-keys';

/** What happened to a save, for the server's counters and the tests. */
export type SaveOutcome = 'nothing' | 'stale' | 'unchanged' | 'saved' | 'merged' | 'conflicted' | 'refused';

export interface SessionCounters {
  saved: number;
  merged: number;
  conflicted: number;
  stale: number;
  refused: number;
  remote: number;
}

const isConflict = (error: unknown) =>
  isDomainError(error) && error.code === 'conflict' && (error.details.conflicts?.length ?? 0) > 0;

/**
 * The Yjs client id editors seed a page's empty content under: the same for every load of one
 * page at one revision, on every server (any id but the editors' random ones, 1 to 2^31 - 2),
 * so that editors seeding the same revision at once, here or on another server, make the same
 * items, which Yjs keeps once. FNV-1a over the page's document name and the revision.
 */
export function seedOf(documentName: string, revision: string): number {
  const text = `${documentName}@${revision}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++)
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return 1 + ((hash >>> 0) % 0x7ffffffe);
}

/** Marks the server's own writes into a document: not an edit of anyone, nothing to store. */
export const SERVER_ORIGIN = { source: 'local' as const, skipStoreHooks: true };

export class PageSession {
  /** The person whose editor last reported the markdown (saves run as them when no one typed). */
  reporter: Seat | undefined;
  /**
   * Who changed the page's content since the last save, and how many times (one transaction
   * a keystroke or so): a save is the work of whoever typed most, not of whichever editor
   * happened to report it (every writer's editor reports any change, theirs or not).
   */
  private readonly typed = new Map<Seat, number>();
  /** Revisions this session made: their events are not news. */
  private readonly made = new Set<string>();
  /**
   * The revision the shared content grew from (it was loaded from it, or saved into it) and
   * the page's markdown there: the server's own, what saves are made against.
   */
  private base: { revision: string; markdown: string } = { revision: '', markdown: '' };
  /** The revision last offered to the editors as `incoming`, until an editor's report shows it taken. */
  private offered: IncomingRevision | undefined;
  private started = false;
  private work: Promise<unknown> = Promise.resolve();

  constructor(
    readonly place: SharedPlace,
    readonly doc: Y.Doc,
    readonly counters: SessionCounters,
    private readonly onProblem: (message: string, error: unknown) => void,
  ) {}

  /**
   * Fills a document just loaded by `seat`: the base, and the id editors seed its content
   * under. When another server already holds the page (its state came through the relay), the
   * map's base and seed are theirs, kept as they are, and the base saves are made against is
   * the one that server said its copy grew from (`relayedBase`, told by the relay, not read
   * from the map); the page as `seat` loaded it when none was said.
   */
  async start(seat: Seat, relayedBase?: string): Promise<void> {
    const loaded = seat.base;
    this.base = loaded;
    const relayed = stateOf(this.doc).has('base');
    if (!relayed)
      this.doc.transact(() => {
        const state = stateOf(this.doc);
        state.set('base', loaded.revision);
        state.set('baseMarkdown', loaded.markdown);
        state.set('seed', seedOf(sharedDocumentName(this.place), loaded.revision));
      }, SERVER_ORIGIN);
    // Who typed is known from the transactions that changed the content (a connection's).
    const content = this.doc.getXmlFragment('default');
    this.doc.on('afterTransaction', (transaction: Y.Transaction) => {
      // Yjs types the map's keys by a base event type a fragment's handler does not fit.
      if (!transaction.changedParentTypes.has(content as never)) return;
      const seat = seatOfOrigin(transaction.origin);
      if (seat) this.typed.set(seat, (this.typed.get(seat) ?? 0) + 1);
    });
    this.keepServerOwnedKeys();
    // Who wrote the report is known from the transaction that carried it (a connection's).
    stateOf(this.doc).observe((event) => {
      if (!event.keysChanged.has('report')) return;
      const seat = seatOfOrigin(event.transaction.origin);
      if (seat) this.reporter = seat;
      // A report typed on another server is that server's to save: only one server saves it.
      else if (event.transaction.origin === RELAY_ORIGIN) this.reporter = undefined;
    });
    if (relayed && relayedBase !== undefined && relayedBase !== loaded.revision) {
      const markdown = await this.markdownAt(seat.ctx, relayedBase).catch(() => undefined);
      if (markdown !== undefined) this.base = { revision: relayedBase, markdown };
    }
    this.started = true;
    // A revision written between the admission's read and this session's start was told to no
    // session: the editors would see the page as it was until someone typed. Taken in as any
    // revision written elsewhere, before the editors sync.
    const head = await this.headRevision(seat.ctx).catch(() => undefined);
    if (head !== undefined && head !== this.base.revision)
      await this.queue(() => this.takeRemote(head, seat));
  }

  /**
   * Puts the server's own `seed` and `incoming` back when a client's update set them after all:
   * the socket's guard refuses such updates, but not one whose items hang from items this
   * server did not have yet (`server-owned-keys.ts`), which Yjs integrates later. An editor's
   * deletion of `incoming` (it took the revision in) is theirs to make.
   */
  private keepServerOwnedKeys(): void {
    const state = stateOf(this.doc);
    const own = new Map<string, unknown>();
    for (const key of SERVER_OWNED_KEYS) if (state.has(key)) own.set(key, state.get(key));
    state.observe((event) => {
      const byClient = isConnectionOrigin(event.transaction.origin);
      for (const key of SERVER_OWNED_KEYS) {
        const change = event.changes.keys.get(key);
        if (!change) continue;
        if (!byClient) {
          if (state.has(key)) own.set(key, state.get(key));
          else own.delete(key);
        } else if (change.action !== 'delete') {
          const restore = own.get(key);
          if (restore === undefined) this.setState({}, [key]);
          else this.setState({ [key]: restore });
        }
      }
    });
  }

  private queue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.work.then(task, task);
    this.work = run.catch(() => undefined);
    return run;
  }

  save(): Promise<SaveOutcome> {
    return this.queue(() => this.saveNow());
  }

  /**
   * Saves what the editors typed now, not at the save's delay: a merge or an archive of the
   * change request is about to end its edits (`liveEdits.settle` of the domain). The report
   * there may be of older content (it comes once the typing pauses), so the writers' editors
   * are asked for one at once (`askForReport`), and the first report of the content the server
   * holds when it arrives is saved, even if typing went on after it (its keystrokes were made
   * after the merge was asked for). No such report within `waitMs` (no writer here, or none
   * answering): the page is saved as any save would save it.
   */
  async settle(waitMs: number): Promise<SaveOutcome> {
    const report = await this.currentReport(waitMs);
    return this.queue(() => this.saveNow(report));
  }

  /** A report of the content as the server holds it: the one there, else the next that comes within `waitMs`. */
  private currentReport(waitMs: number): Promise<MarkdownReport | undefined> {
    const current = () => {
      const report = reportOf(this.doc);
      return report !== undefined && report.hash === contentHashOf(this.doc) ? report : undefined;
    };
    const now = current();
    if (now !== undefined || !this.hasWriter()) return Promise.resolve(now);
    return new Promise((resolve) => {
      const state = stateOf(this.doc);
      const done = (report: MarkdownReport | undefined) => {
        clearTimeout(timer);
        state.unobserve(look);
        resolve(report);
      };
      const look = (event: Y.YMapEvent<unknown>) => {
        if (!event.keysChanged.has('report')) return;
        const report = current();
        if (report !== undefined) done(report);
      };
      const timer = setTimeout(() => done(undefined), waitMs);
      state.observe(look);
      this.askForReport();
    });
  }

  remoteRevision(revisionId: string): Promise<void> {
    return this.queue(() => this.takeRemote(revisionId));
  }

  /**
   * The revision the shared content grew from, as this server knows it (told to other servers
   * that load the page); undefined until the session started.
   */
  get baseRevision(): string | undefined {
    return this.started ? this.base.revision : undefined;
  }

  /**
   * Moves the base (this server's, and the map's for the editors). A revision offered before
   * is offered no more: the base is past it, or the page went back to the base's elsewhere.
   */
  private moveBase(revision: string, markdown: string): void {
    this.base = { revision, markdown };
    this.offered = undefined;
    this.setState({ base: revision, baseMarkdown: markdown }, ['incoming']);
  }

  /** Offers the editors a revision to bring into the content. */
  private offer(incoming: IncomingRevision): void {
    this.offered = incoming;
    this.setState({ incoming });
  }

  /**
   * The revision last offered, as the base, once an editor's `report` of the content the
   * server holds (the caller checked its hash) is that revision's markdown: the editors took
   * it in. A report of anything else moves nothing: the next save merges from the older base.
   */
  private takeOffered(report: MarkdownReport): void {
    const offered = this.offered;
    if (!offered || report.markdown !== offered.markdown) return;
    this.offered = undefined;
    this.base = { revision: offered.revision, markdown: offered.markdown };
  }

  private setState(values: Record<string, unknown>, remove: string[] = []): void {
    this.doc.transact(() => {
      const state = stateOf(this.doc);
      for (const [key, value] of Object.entries(values)) state.set(key, value);
      for (const key of remove) state.delete(key);
    }, SERVER_ORIGIN);
  }

  /** Saves `settled` (a report checked against the content when it came), else the report there now. */
  private async saveNow(settled?: MarkdownReport): Promise<SaveOutcome> {
    const report = settled ?? reportOf(this.doc);
    if (!report) return 'nothing';
    if (settled === undefined && report.hash !== contentHashOf(this.doc)) {
      this.counters.stale++;
      return 'stale';
    }
    this.takeOffered(report);
    if (report.markdown === this.base.markdown) return 'unchanged';
    if (!this.reporter) return 'nothing';
    let seat = this.author() ?? this.reporter;
    if (seat.readOnly) return 'nothing';
    const base = this.base.revision;
    const baseMarkdown = this.base.markdown;
    try {
      // The person's access now, not at their join: a socket outlives a sign-out, a revoked
      // token, a removal from the space. Who may no longer write saves nothing as themselves.
      let access = await seat.recheck();
      while (access === null || access.readOnly) {
        this.counters.refused++;
        this.typed.delete(seat);
        this.onAccessLost();
        // The others who typed are saved as themselves. *Changed (a review):* the save gave
        // up, and a refused reporter was forgotten, so the page was saved by no one until
        // someone typed again: the last person leaving (whose editor had nothing new to
        // report) left with their typing unsaved, and the page was dropped.
        const next: Seat | undefined = this.author() ?? (this.reporter === seat ? undefined : this.reporter);
        if (this.reporter === seat) this.reporter = next;
        if (next === undefined || next.readOnly) return 'refused';
        seat = next;
        access = await seat.recheck();
      }
      // What they typed is in this save: the next one counts afresh.
      this.typed.clear();
      const { ctx } = access;
      const headBefore = await this.headRevision(ctx);
      let revision: string;
      try {
        revision = await this.writeBatch(ctx, report.markdown, base);
      } catch (error) {
        if (!isConflict(error) || headBefore === undefined) throw error;
        // The page changed elsewhere where the editors changed it too: where both changed the
        // same lines the editors' lines are kept, and the other edit's changes everywhere else
        // too (merged from the head); the other revision stays in the history.
        const theirs = await this.markdownAt(ctx, headBefore);
        const merged =
          theirs === undefined
            ? undefined
            : mergeMarkdown(baseMarkdown, report.markdown, theirs, { conflicts: 'ours' });
        const markdown = merged?.merged ? merged.markdown : report.markdown;
        revision = await this.writeBatch(ctx, markdown, headBefore);
        this.made.add(revision);
        if (markdown === report.markdown) this.moveBase(revision, report.markdown);
        // The editors take the page with the other edit's changes in it.
        else this.offer({ revision, markdown, from: report.markdown });
        this.counters.conflicted++;
        return 'conflicted';
      }
      this.made.add(revision);
      const saved = await this.markdownAt(ctx, revision);
      if (headBefore === base || saved === report.markdown) {
        // Nothing else came in: what was saved is what the editors have.
        this.moveBase(revision, report.markdown);
        this.counters.saved++;
        return 'saved';
      }
      // The batch merged others' changes in: the editors take the merged page.
      this.offer({ revision, markdown: saved ?? '', from: report.markdown });
      this.counters.merged++;
      return 'merged';
    } catch (error) {
      this.counters.refused++;
      this.onProblem('a co-edited page could not be saved', error);
      return 'refused';
    }
  }

  private async takeRemote(revisionId: string, reading?: Seat): Promise<void> {
    if (this.made.has(revisionId) || revisionId === this.base.revision) return;
    const seat = this.reporter ?? this.anySeat() ?? reading;
    if (!seat) return;
    this.counters.remote++;
    const theirs = await this.markdownAt(seat.ctx, revisionId).catch(() => undefined);
    // The page is gone there (deleted, moved out): the editors keep what they have.
    if (theirs === undefined) return;
    const report = reportOf(this.doc);
    const current = report !== undefined && report.hash === contentHashOf(this.doc);
    if (current) this.takeOffered(report);
    if (theirs === this.base.markdown) {
      this.moveBase(revisionId, theirs);
      return;
    }
    const untouched = report === undefined || (current && report.markdown === this.base.markdown);
    if (untouched) {
      this.offer({ revision: revisionId, markdown: theirs, from: this.base.markdown });
      return;
    }
    // Unsaved edits: saving them now merges them with the revision that came.
    await this.saveNow();
  }

  /** Who typed most since the last save, among those who may write. */
  private author(): Seat | undefined {
    let most: Seat | undefined;
    for (const [seat, count] of this.typed)
      if (!seat.readOnly && (most === undefined || count > this.typed.get(most)!)) most = seat;
    return most;
  }

  /** Called when a save finds its author may no longer write: everyone's access is checked again. */
  onAccessLost: () => void = () => {};

  /** Someone present, to read with when no one has reported yet. */
  anySeat: () => Seat | undefined = () => undefined;

  /** Whether someone who may write is here (only writers' editors report). */
  hasWriter: () => boolean = () => false;

  /** Asks the editors to report the page's markdown at once (`settle`). */
  askForReport: () => void = () => {};

  private async headRevision(ctx: OperationContext): Promise<string | undefined> {
    const place = this.place;
    if (place.kind === 'live') {
      const space = (await executeOperation(operations.spaces.get, ctx, { spaceId: place.spaceId })) as {
        revision?: string;
      };
      return space.revision;
    }
    const request = (await executeOperation(operations.changeRequests.get, ctx, {
      spaceId: place.spaceId,
      changeRequestId: place.changeRequestId,
    })) as { revision: string };
    return request.revision;
  }

  private async writeBatch(ctx: OperationContext, markdown: string, base: string): Promise<string> {
    const place = this.place;
    const changes = [{ operation: 'update_page' as const, page: place.pageId, document: { markdown } }];
    if (place.kind === 'live') {
      const out = (await executeOperation(operations.spaces.content.update, ctx, {
        spaceId: place.spaceId,
        changes,
        revision: base,
      })) as { revision: string };
      return out.revision;
    }
    const out = (await executeOperation(operations.changeRequests.content.update, ctx, {
      spaceId: place.spaceId,
      changeRequestId: place.changeRequestId,
      changes,
      revision: base,
    })) as { revision?: string; changeRequest?: { revision: string } };
    return out.changeRequest?.revision ?? out.revision!;
  }

  /** The page's markdown in `revision`, or undefined when the page is not there. */
  private async markdownAt(ctx: OperationContext, revision: string): Promise<string | undefined> {
    try {
      const page = (await executeOperation(operations.spaces.content.page.get, ctx, {
        spaceId: this.place.spaceId,
        pageId: this.place.pageId,
        revisionId: revision,
        format: 'markdown',
      })) as { markdown?: string };
      return page.markdown ?? '';
    } catch (error) {
      if (isDomainError(error) && error.code === 'not_found') return undefined;
      throw error;
    }
  }
}

/** Whether a transaction applied a client's update (Hocuspocus names its connection). */
function isConnectionOrigin(origin: unknown): boolean {
  return (origin as { source?: string } | null)?.source === 'connection';
}

/** The seat of the connection a transaction came from, if it came from one. */
function seatOfOrigin(origin: unknown): Seat | undefined {
  if (!isConnectionOrigin(origin)) return undefined;
  return (origin as { connection?: { context?: { seat?: Seat } } }).connection?.context?.seat;
}
