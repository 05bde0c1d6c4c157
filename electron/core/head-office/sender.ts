import type { HeadOfficeProblem } from '../../../shared/head-office.ts';
import type { HeadOfficeLink } from './link.ts';
import type { NewOutboxEvent } from './outbox/events.ts';
import type { TillOutbox } from './outbox/till-outbox.ts';
import { ingestBatch, problemOf, type TillRef } from './pg/index.ts';
import type { StatusBoard } from './status-board.ts';

// Sends the outbox to the head office, off the payment path: a sale commits to the journal and returns; the
// sender hears of it on a later tick and sends in seq order, in batches, each acknowledged in the outbox once
// the head office has stored it. A failure leaves the rest waiting and tries again with a growing pause (1 s, 2 s
// … 30 s); whatever waited goes out on its own when the head office answers again. A resend after a crash or a lost
// answer is harmless: the head office keeps each (till, seq) once.

export interface SenderOptions {
  readonly outbox: TillOutbox;
  readonly link: HeadOfficeLink;
  readonly status: StatusBoard;
  /** Which till sends, or the problem that stops it (a copied till not enrolled yet). */
  readonly till: () => TillRef | { readonly problem: HeadOfficeProblem };
  /** The till's own day summary as a `day` event (the Day summary screen's figures); null when it has none. */
  readonly dayEvent: (day: string) => Promise<NewOutboxEvent | null>;
  readonly today: () => string;
  readonly log: (line: string) => void;
  readonly now?: () => number;
  readonly batchSize?: number;
  readonly retry?: { readonly firstMs: number; readonly maxMs: number };
  /** Acknowledged events are kept this long (for a look at what was sent), then pruned. Default 7 days. */
  readonly keepSentMs?: number;
}

export interface Sender {
  /** Something may be waiting: send it soon (while failing, at the next retry). */
  wake(): void;
  /** The head office answered again (a heartbeat went through): send what waits now, not at the next retry. */
  retryNow(): void;
  /** Waits for the round under way (tests, close). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createSender(options: SenderOptions): Sender {
  const { outbox, link, status } = options;
  const now = options.now ?? Date.now;
  const retry = options.retry ?? { firstMs: 1_000, maxMs: 30_000 };
  let failures = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let lastPrune = 0;
  const due = dueDays(outbox, options.today);

  const round = async (): Promise<void> => {
    if (!outbox.enabled()) return status.set('off');
    const till = options.till();
    if ('problem' in till) return status.set('failing', till.problem);
    if (status.current().state === 'off') status.set('connecting');
    try {
      // The summaries first: numbered after the changes they add up, they go out after them.
      for (const day of due.days()) {
        const event = await options.dayEvent(day);
        if (event) outbox.append(event);
        due.done(day);
      }
      while (outbox.moveStaged() > 0);
      status.recount();
      const db = await link.ready();
      for (let batch = outbox.waiting(options.batchSize ?? 500); batch.length > 0;) {
        const journalId = outbox.journalId();
        // Events are only waiting while the payment journal is open; closed since, they go at the next round.
        if (!journalId) break;
        const { acknowledgedThroughSeq } = await ingestBatch(db, till, journalId, batch);
        const at = now();
        outbox.acknowledge(acknowledgedThroughSeq, at);
        status.sent(at);
        if (closed) return;
        batch = outbox.waiting(options.batchSize ?? 500);
      }
      failures = 0;
      status.set('connected');
      prune();
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) options.log(`head office: sending failed: ${describe(error)}`);
      status.set('failing', problem ?? 'unreachable');
      retryLater();
    }
  };

  const prune = (): void => {
    const keep = options.keepSentMs ?? 7 * 24 * 3_600_000;
    if (now() - lastPrune < 3_600_000) return;
    lastPrune = now();
    outbox.prune(now() - keep);
  };

  const retryLater = (): void => {
    if (closed || timer) return;
    const pause = Math.min(retry.maxMs, retry.firstMs * 2 ** Math.min(failures, 16));
    failures += 1;
    timer = setTimeout(() => {
      timer = null;
      wake();
    }, pause);
    timer.unref();
  };

  const wake = (): void => {
    if (closed) return;
    // Failing: a new sale is counted as waiting, and goes at the retry, not by hammering a head office that is down.
    if (timer) return status.recount();
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await round();
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  };

  return {
    wake,
    retryNow: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      wake();
    },
    idle: async () => {
      while (running) await running;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The days whose `day` event is due: those whose money changed, kept until their summary is numbered (a failed
 * round keeps them). After a start, also today's and those of what waits: a crash may have come between a change
 * and its summary.
 */
function dueDays(outbox: TillOutbox, today: () => string): { days(): string[]; done(day: string): void } {
  let afterStart = true;
  const days = new Set<string>();
  return {
    days: () => {
      for (const day of outbox.takeChangedDays()) days.add(day);
      if (afterStart) {
        afterStart = false;
        days.add(today());
        for (const event of outbox.waiting(5_000)) {
          const day = (event.body as { day?: unknown }).day;
          if (event.kind !== 'day' && typeof day === 'string') days.add(day);
        }
      }
      return [...days].sort();
    },
    done: (day) => days.delete(day),
  };
}
