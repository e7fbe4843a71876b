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
 */

import { contentHashOf, type IncomingRevision, reportOf, stateOf } from '@quire/documents';
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
  private work: Promise<unknown> = Promise.resolve();

  constructor(
    readonly place: SharedPlace,
    readonly doc: Y.Doc,
    readonly counters: SessionCounters,
    private readonly onProblem: (message: string, error: unknown) => void,
  ) {}

  /**
   * Fills a document just loaded: the base, and the id editors seed its content under. When
   * another server already holds the page (its state came through the relay), the base and
   * seed are theirs, kept as they are.
   */
  start(base: Seat['base']): void {
    if (!stateOf(this.doc).has('base'))
      this.doc.transact(() => {
        const state = stateOf(this.doc);
        state.set('base', base.revision);
        state.set('baseMarkdown', base.markdown);
        state.set('seed', seedOf(sharedDocumentName(this.place), base.revision));
      }, SERVER_ORIGIN);
    // Who typed is known from the transactions that changed the content (a connection's).
    const content = this.doc.getXmlFragment('default');
    this.doc.on('afterTransaction', (transaction: Y.Transaction) => {
      // Yjs types the map's keys by a base event type a fragment's handler does not fit.
      if (!transaction.changedParentTypes.has(content as never)) return;
      const seat = seatOfOrigin(transaction.origin);
      if (seat) this.typed.set(seat, (this.typed.get(seat) ?? 0) + 1);
    });
    // Who wrote the report is known from the transaction that carried it (a connection's).
    stateOf(this.doc).observe((event) => {
      if (!event.keysChanged.has('report')) return;
      const seat = seatOfOrigin(event.transaction.origin);
      if (seat) this.reporter = seat;
      // A report typed on another server is that server's to save: only one server saves it.
      else if (event.transaction.origin === RELAY_ORIGIN) this.reporter = undefined;
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

  remoteRevision(revisionId: string): Promise<void> {
    return this.queue(() => this.takeRemote(revisionId));
  }

  private get base(): string {
    return String(stateOf(this.doc).get('base'));
  }

  private get baseMarkdown(): string {
    return String(stateOf(this.doc).get('baseMarkdown') ?? '');
  }

  private setState(values: Record<string, unknown>, remove: string[] = []): void {
    this.doc.transact(() => {
      const state = stateOf(this.doc);
      for (const [key, value] of Object.entries(values)) state.set(key, value);
      for (const key of remove) state.delete(key);
    }, SERVER_ORIGIN);
  }

  private async saveNow(): Promise<SaveOutcome> {
    const report = reportOf(this.doc);
    if (!report) return 'nothing';
    if (report.hash !== contentHashOf(this.doc)) {
      this.counters.stale++;
      return 'stale';
    }
    if (report.markdown === this.baseMarkdown) return 'unchanged';
    if (!this.reporter) return 'nothing';
    const seat = this.author() ?? this.reporter;
    if (seat.readOnly) return 'nothing';
    const base = this.base;
    try {
      // The person's access now, not at their join: a socket outlives a sign-out, a revoked
      // token, a removal from the space. Who may no longer write saves nothing as themselves.
      const access = await seat.recheck();
      if (access === null || access.readOnly) {
        this.counters.refused++;
        if (this.reporter === seat) this.reporter = undefined;
        this.typed.delete(seat);
        this.onAccessLost();
        return 'refused';
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
            : mergeMarkdown(this.baseMarkdown, report.markdown, theirs, { conflicts: 'ours' });
        const markdown = merged?.merged ? merged.markdown : report.markdown;
        revision = await this.writeBatch(ctx, markdown, headBefore);
        this.made.add(revision);
        if (markdown === report.markdown)
          this.setState({ base: revision, baseMarkdown: report.markdown }, ['incoming']);
        // The editors take the page with the other edit's changes in it.
        else this.setState({ incoming: { revision, markdown, from: report.markdown } });
        this.counters.conflicted++;
        return 'conflicted';
      }
      this.made.add(revision);
      const saved = await this.markdownAt(ctx, revision);
      if (headBefore === base || saved === report.markdown) {
        // Nothing else came in: what was saved is what the editors have.
        this.setState({ base: revision, baseMarkdown: report.markdown });
        this.counters.saved++;
        return 'saved';
      }
      // The batch merged others' changes in: the editors take the merged page.
      const incoming: IncomingRevision = { revision, markdown: saved ?? '', from: report.markdown };
      this.setState({ incoming });
      this.counters.merged++;
      return 'merged';
    } catch (error) {
      this.counters.refused++;
      this.onProblem('a co-edited page could not be saved', error);
      return 'refused';
    }
  }

  private async takeRemote(revisionId: string): Promise<void> {
    if (this.made.has(revisionId) || revisionId === this.base) return;
    const seat = this.reporter ?? this.anySeat();
    if (!seat) return;
    this.counters.remote++;
    const theirs = await this.markdownAt(seat.ctx, revisionId).catch(() => undefined);
    // The page is gone there (deleted, moved out): the editors keep what they have.
    if (theirs === undefined) return;
    if (theirs === this.baseMarkdown) {
      this.setState({ base: revisionId });
      return;
    }
    const report = reportOf(this.doc);
    const untouched = report === undefined || report.markdown === this.baseMarkdown;
    if (untouched && (report === undefined || report.hash === contentHashOf(this.doc))) {
      const incoming: IncomingRevision = { revision: revisionId, markdown: theirs, from: this.baseMarkdown };
      this.setState({ incoming });
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

/** The seat of the connection a transaction came from, if it came from one. */
function seatOfOrigin(origin: unknown): Seat | undefined {
  const from = origin as { source?: string; connection?: { context?: { seat?: Seat } } } | null;
  return from?.source === 'connection' ? from.connection?.context?.seat : undefined;
}
